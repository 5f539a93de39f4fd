import { join, resolve } from 'node:path';
import type { AppPaths } from './PlatformServices';

export const APP_DIR_NAME = 'Switchboard';

export interface DataDirInput {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  homedir: string;
}

/** Reads `--data-dir PATH` or `--data-dir=PATH` from argv. */
export function argValue(argv: readonly string[], flag: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === flag) return argv[i + 1];
    if (arg?.startsWith(flag + '=')) return arg.slice(flag.length + 1);
  }
  return undefined;
}

/**
 * The data dir every shell uses: `--data-dir`, then `SWITCHBOARD_DATA_DIR`, then the per-OS
 * location Electron would pick for `userData` (so the desktop app and the web shell share it).
 */
export function resolveDataDir(input: DataDirInput): string {
  const fromArg = argValue(input.argv, '--data-dir');
  if (fromArg) return resolve(fromArg);
  const fromEnv = input.env.SWITCHBOARD_DATA_DIR;
  if (fromEnv) return resolve(fromEnv);
  switch (input.platform) {
    case 'darwin':
      return join(input.homedir, 'Library', 'Application Support', APP_DIR_NAME);
    case 'win32':
      return join(input.env.APPDATA ?? join(input.homedir, 'AppData', 'Roaming'), APP_DIR_NAME);
    default:
      return join(input.env.XDG_CONFIG_HOME ?? join(input.homedir, '.config'), APP_DIR_NAME);
  }
}

export function appPaths(dataDir: string): AppPaths {
  return {
    dataDir,
    logsDir: join(dataDir, 'logs'),
    settingsFile: join(dataDir, 'settings.json'),
    secretsFile: join(dataDir, 'secrets.json'),
    serversFile: join(dataDir, 'servers.json'),
  };
}
