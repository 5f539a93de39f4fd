import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText, type HostText } from '../../../../shared/text/hostText';

/** What a candidate path turned out to be. */
export type FileCheck = 'executable' | 'not-executable' | 'missing';

/** Where and how {@link resolveCommand} looks. */
export interface ResolveCommandOptions {
  /** The PATH the server will run with (the login shell's, not the GUI app's). */
  PATH?: string | undefined;
  /** Windows only; defaults to `.COM;.EXE;.BAT;.CMD`. */
  PATHEXT?: string | undefined;
  /** Base for commands given as relative paths (`./bin/server`). */
  cwd?: string | undefined;
  platform?: NodeJS.Platform;
  /** Seam for tests of the Windows rules on a POSIX machine. */
  checkFile?: (candidate: string) => FileCheck;
}

/** The `data` of the McpSpawnFailed error thrown when a command cannot be found. */
export interface CommandNotFoundData {
  command: string;
  searched: string[];
  /** Files that exist but are not executable, so the message can say so. */
  notExecutable: string[];
}

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/**
 * Resolves a configured command to the absolute path of an executable, the way a shell would,
 * so a failure can say exactly which command and which directories — instead of a bare ENOENT.
 * Names with a path separator are resolved against `cwd`; bare names are searched in PATH.
 * Empty and relative PATH entries are skipped: the server's directory must not decide what runs.
 *
 * Synchronous on purpose: it runs right before `spawn`, which blocks anyway, and costs a few
 * cached `stat` calls. Through the thread pool, each of many servers starting together waited
 * two round trips behind the others' traffic and log writes, and their spawns spread out.
 *
 * @throws AppError(McpSpawnFailed) with {@link CommandNotFoundData} as `data`.
 */
export function resolveCommand(command: string, options: ResolveCommandOptions = {}): string {
  const platform = options.platform ?? process.platform;
  const windows = platform === 'win32';
  const p = windows ? path.win32 : path.posix;
  const checkFile = options.checkFile ?? (windows ? checkWindowsFile : checkPosixFile);
  const extensions = windows ? windowsExtensions(command, options.PATHEXT) : [''];
  const notExecutable: string[] = [];

  const tryDir = (dir: string, name: string): string | undefined => {
    for (const extension of extensions) {
      const candidate = p.resolve(dir, name + extension);
      const check = checkFile(candidate);
      if (check === 'executable') return candidate;
      if (check === 'not-executable') notExecutable.push(candidate);
    }
    return undefined;
  };

  const hasSeparator = windows ? /[\\/]/.test(command) : command.includes('/');
  if (hasSeparator || p.isAbsolute(command)) {
    const base = options.cwd ?? process.cwd();
    const found = tryDir(base, command);
    if (found) return found;
    const where = p.resolve(base, command);
    throw notFound(hostText('launch.notFoundAt', { command, where }), {
      command,
      searched: [p.dirname(where)],
      notExecutable,
    });
  }

  const searched: string[] = [];
  for (const raw of (options.PATH ?? '').split(windows ? ';' : ':')) {
    // Windows PATH entries are sometimes quoted.
    const dir = windows ? raw.replace(/^"(.*)"$/, '$1') : raw;
    if (!dir || !p.isAbsolute(dir) || searched.includes(dir)) continue;
    searched.push(dir);
    const found = tryDir(dir, command);
    if (found) return found;
  }
  const message =
    searched.length > 0
      ? hostText('launch.notFoundIn', { command, dirs: searched.join(', ') })
      : hostText('launch.notFoundNoPath', { command });
  throw notFound(message, {
    command,
    searched,
    notExecutable,
  });
}

/**
 * The suffixes to try on Windows: a name that already ends in a PATHEXT extension is used as
 * is; otherwise every PATHEXT extension is tried (after the bare name if it has some other dot).
 */
function windowsExtensions(command: string, pathExt: string | undefined): string[] {
  const exts = (pathExt ?? DEFAULT_PATHEXT)
    .split(';')
    .map((ext) => ext.trim())
    .filter((ext) => ext.startsWith('.'));
  const lower = command.toLowerCase();
  if (exts.some((ext) => lower.endsWith(ext.toLowerCase()))) return [''];
  const base = path.win32.basename(command);
  return base.includes('.') ? ['', ...exts] : exts;
}

function notFound(message: HostText, data: CommandNotFoundData): AppError {
  return new AppError(
    AppErrorCode.McpSpawnFailed,
    data.notExecutable.length > 0
      ? hostText('launch.notExecutable', { message, files: data.notExecutable.join(', ') })
      : message,
    data,
  );
}

function checkPosixFile(candidate: string): FileCheck {
  try {
    if (!statSync(candidate).isFile()) return 'missing';
  } catch {
    return 'missing';
  }
  try {
    accessSync(candidate, constants.X_OK);
    return 'executable';
  } catch {
    return 'not-executable';
  }
}

function checkWindowsFile(candidate: string): FileCheck {
  try {
    return statSync(candidate).isFile() ? 'executable' : 'missing';
  } catch {
    return 'missing';
  }
}
