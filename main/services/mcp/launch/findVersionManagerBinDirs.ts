import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Inputs of {@link findVersionManagerBinDirs}. */
export interface VersionManagerLookup {
  home: string;
  /** Read for VOLTA_HOME, MISE_DATA_DIR, XDG_DATA_HOME, ASDF_DATA_DIR, FNM_DIR, NVM_DIR. */
  env: Readonly<Record<string, string | undefined>>;
  platform?: NodeJS.Platform;
}

/**
 * Existing shim/bin directories of Node version managers (volta, mise, asdf, fnm, nvm), in that
 * order. A GUI app often starts without the shell setup that puts them on PATH, which is why a
 * configured `npx` or `node` is "not found" only when launched from the Dock.
 */
export async function findVersionManagerBinDirs({
  home,
  env,
  platform = process.platform,
}: VersionManagerLookup): Promise<string[]> {
  const dataHome = env.XDG_DATA_HOME ?? path.join(home, '.local', 'share');
  const fnmDir =
    env.FNM_DIR ??
    (platform === 'darwin'
      ? path.join(home, 'Library', 'Application Support', 'fnm')
      : path.join(dataHome, 'fnm'));
  const candidates = [
    path.join(env.VOLTA_HOME ?? path.join(home, '.volta'), 'bin'),
    path.join(env.MISE_DATA_DIR ?? path.join(dataHome, 'mise'), 'shims'),
    path.join(env.ASDF_DATA_DIR ?? path.join(home, '.asdf'), 'shims'),
    path.join(fnmDir, 'aliases', 'default', 'bin'),
    path.join(home, '.fnm', 'aliases', 'default', 'bin'),
  ];
  const nvm = await resolveNvmDefaultBin(env.NVM_DIR ?? path.join(home, '.nvm'));
  if (nvm) candidates.push(nvm);
  const found: string[] = [];
  for (const dir of candidates) {
    if (!found.includes(dir) && (await isDirectory(dir))) found.push(dir);
  }
  return found;
}

/**
 * nvm has no shim directory: follow `alias/default` (through named aliases such as `lts/*`)
 * to a version prefix and pick the newest installed version matching it.
 */
export async function resolveNvmDefaultBin(nvmDir: string): Promise<string | undefined> {
  let alias = await readAlias(nvmDir, 'default');
  for (let hops = 0; alias !== undefined && hops < 5; hops++) {
    const next = await readAlias(nvmDir, alias);
    if (next === undefined) break;
    alias = next;
  }
  if (alias === undefined) return undefined;
  const versionsDir = path.join(nvmDir, 'versions', 'node');
  let installed: string[];
  try {
    installed = (await readdir(versionsDir)).filter((name) => /^v\d+\.\d+\.\d+$/.test(name));
  } catch {
    return undefined;
  }
  const wanted = alias.replace(/^v/, '');
  const matches = ['node', 'stable'].includes(wanted)
    ? installed
    : installed.filter((name) => {
        const version = name.slice(1);
        return version === wanted || version.startsWith(`${wanted}.`);
      });
  const newest = matches.sort(compareVersions).at(-1);
  return newest ? path.join(versionsDir, newest, 'bin') : undefined;
}

async function readAlias(nvmDir: string, name: string): Promise<string | undefined> {
  // Alias names are either plain words or `lts/<codename>`; nothing that could escape the dir.
  if (!/^[\w.*-]+(?:\/[\w.*-]+)?$/.test(name) || name.includes('..')) return undefined;
  try {
    const text = (await readFile(path.join(nvmDir, 'alias', name), 'utf8')).trim();
    return text || undefined;
  } catch {
    return undefined;
  }
}

function compareVersions(a: string, b: string): number {
  const pa = a.slice(1).split('.').map(Number);
  const pb = b.slice(1).split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}
