import { join, resolve } from 'node:path';
import { argValue } from './resolveDataDir';

/** The servers file's name inside the data dir. */
export const SERVERS_FILE_NAME = 'servers.json';

export interface ServersFileLocationInput {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  dataDir: string;
  /** Base for relative paths; the process's working directory when omitted. */
  cwd?: string;
}

/**
 * Where the servers file lives: `--config PATH` (or `--config=PATH`), then
 * `SWITCHBOARD_CONFIG`, then `servers.json` in the data dir. Relative paths are taken from the
 * working directory, as a person typing them in a shell expects.
 */
export function resolveServersFile(input: ServersFileLocationInput): string {
  const cwd = input.cwd ?? process.cwd();
  const fromArg = argValue(input.argv, '--config');
  if (fromArg) return resolve(cwd, fromArg);
  const fromEnv = input.env.SWITCHBOARD_CONFIG;
  if (fromEnv) return resolve(cwd, fromEnv);
  return join(input.dataDir, SERVERS_FILE_NAME);
}
