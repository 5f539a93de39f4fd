import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep, isAbsolute } from 'node:path';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { MAX_BUNDLE_BYTES } from '../../../shared/domain/bundleUpload';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import { isProcessAlive } from '../mcp/launch/isProcessAlive';

export interface BundleStagingOptions {
  /** `<dataDir>/bundles`: staging lives in its `.staging` folder. */
  root: string;
  pid?: number;
  /** Whether a process runs (default: it exists and is no zombie). */
  isAlive?: (pid: number) => boolean;
}

/**
 * Where bundles are unpacked before install and dropped files wait for their review:
 * `<dataDir>/bundles/.staging/<pid>-<random>[.mcpb]`. The pid says whose an entry is, so a
 * start clears what a crashed or killed run left without touching what another running
 * process (the CLI, a second shell) is using right now.
 */
export class BundleStaging {
  readonly dir: string;
  private readonly pid: number;
  private readonly isAlive: (pid: number) => boolean;
  /** Names this process made (kept even when a cleanup runs after a quick first drop). */
  private readonly mine = new Set<string>();

  constructor(private readonly options: BundleStagingOptions) {
    this.dir = join(options.root, '.staging');
    this.pid = options.pid ?? process.pid;
    this.isAlive = options.isAlive ?? isProcessAlive;
  }

  /** A new path in the staging folder (not created), ending in `suffix`. */
  async newPath(suffix = ''): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${String(this.pid)}-${randomBytes(6).toString('hex')}${suffix}`;
    this.mine.add(name);
    return join(this.dir, name);
  }

  /** Whether `path` is an entry of the staging folder (what may be discarded). */
  holds(path: string): boolean {
    const rel = relative(this.dir, path);
    return rel !== '' && !isAbsolute(rel) && !rel.startsWith('..') && !rel.includes(sep);
  }

  async remove(path: string): Promise<void> {
    if (this.holds(path)) await rm(path, { recursive: true, force: true });
  }

  /**
   * Removes entries whose process is gone (and this process's own: at start there are none
   * yet, so such a name is a previous run's whose pid came round again), and the folders
   * older versions staged directly under `bundles/`. Returns how many went.
   */
  async cleanStale(): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.dir).catch(() => [])) {
      if (this.mine.has(name)) continue;
      const owner = Number(/^(\d+)-/.exec(name)?.[1]);
      if (Number.isInteger(owner) && owner !== this.pid && this.isAlive(owner)) continue;
      await rm(join(this.dir, name), { recursive: true, force: true });
      removed++;
    }
    for (const name of await readdir(this.options.root).catch(() => [])) {
      if (!name.startsWith('.staging-')) continue;
      await rm(join(this.options.root, name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}

/** Refuses a file over the bundle size cap before anything reads it. */
export async function checkBundleSize(path: string): Promise<void> {
  const info = await stat(path).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(AppErrorCode.Validation, hostText('bundles.unreadable', { path, reason }));
  });
  if (!info.isFile())
    throw new AppError(AppErrorCode.Validation, hostText('bundles.notAFile', { path }));
  if (info.size > MAX_BUNDLE_BYTES) throw tooLarge(info.size);
}

export function tooLarge(size: number): AppError {
  return new AppError(
    AppErrorCode.Validation,
    hostText('bundles.tooLarge', {
      size: formatBytes(size),
      max: formatBytes(MAX_BUNDLE_BYTES),
    }),
  );
}
