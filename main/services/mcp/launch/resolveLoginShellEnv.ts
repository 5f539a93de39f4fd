import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { homedir, userInfo } from 'node:os';
import { findVersionManagerBinDirs } from './findVersionManagerBinDirs';

/** Options of {@link resolveLoginShellEnv}; all default to the current process. */
export interface LoginShellEnvOptions {
  /** The user's shell; defaults to `$SHELL`, then the passwd entry, then `/bin/sh`. */
  shell?: string | undefined;
  platform?: NodeJS.Platform;
  /** Bound on the shell run; a slow or broken rc file must not stall startup. Default 5 s. */
  timeoutMs?: number;
  /** The environment the shell starts from, and the fallback. Defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The environment servers should start from. */
export interface LoginShellEnv {
  /** The complete environment (login shell's, or the fallback), PATH included. */
  env: Record<string, string>;
  PATH: string;
  source: 'login-shell' | 'process';
  /** Version-manager directories that were missing from PATH and were appended. */
  addedDirs: string[];
  /** Why the login shell was not used, when it was not. */
  error?: string;
}

const DEFAULT_TIMEOUT_MS = 5000;
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

const cache = new Map<string, Promise<LoginShellEnv>>();

/**
 * Resolves the environment of the user's login shell once per process (per shell), so servers
 * find `npx`, `uvx`, `docker` even when the app was started from a GUI with a minimal PATH.
 * POSIX: runs `$SHELL -ilc` printing `env -0` between random markers, bounded by a timeout;
 * falls back to the given environment on any failure. Existing Node version-manager bin dirs
 * are appended to PATH when missing. Windows GUI apps get the full user PATH already: the
 * environment is returned as is. Never rejects.
 *
 * Not shell-env: it waits on the shell without a bound, keeps it on the app's terminal, and
 * parses `env` line by line (a value with a newline breaks it); a hung rc file would stall
 * every server's start.
 */
export function resolveLoginShellEnv(options: LoginShellEnvOptions = {}): Promise<LoginShellEnv> {
  const platform = options.platform ?? process.platform;
  const baseEnv = options.env ?? process.env;
  const shell = options.shell ?? baseEnv.SHELL ?? defaultShell(platform);
  const key = `${platform}\0${shell}`;
  let result = cache.get(key);
  if (!result) {
    result = computeLoginShellEnv(
      shell,
      platform,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      baseEnv,
    );
    cache.set(key, result);
  }
  return result;
}

/** Forgets cached results (tests, or after the person edited their shell profile). */
export function clearLoginShellEnvCache(): void {
  cache.clear();
}

async function computeLoginShellEnv(
  shell: string,
  platform: NodeJS.Platform,
  timeoutMs: number,
  baseEnv: Readonly<Record<string, string | undefined>>,
): Promise<LoginShellEnv> {
  const fallback = definedOnly(baseEnv);
  if (platform === 'win32') {
    return {
      env: fallback,
      PATH: fallback.PATH ?? fallback.Path ?? '',
      source: 'process',
      addedDirs: [],
    };
  }
  let env: Record<string, string>;
  let source: LoginShellEnv['source'] = 'login-shell';
  let error: string | undefined;
  try {
    env = await runLoginShell(shell, timeoutMs, fallback);
    if (!env.PATH) throw new Error('the login shell reported no PATH');
  } catch (caught) {
    env = fallback;
    source = 'process';
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const home = env.HOME ?? fallback.HOME ?? homedir();
  const pathDirs = (env.PATH ?? '').split(':').filter(Boolean);
  const addedDirs = (await findVersionManagerBinDirs({ home, env, platform })).filter(
    (dir) => !pathDirs.includes(dir),
  );
  const PATH = [...pathDirs, ...addedDirs].join(':');
  env = { ...env, PATH };
  const result: LoginShellEnv = { env, PATH, source, addedDirs };
  if (error !== undefined) result.error = error;
  return result;
}

/**
 * Runs the shell in its own session (`detached`), so an interactive shell cannot grab or
 * stop on a terminal, with stdin closed. Settles as soon as the closing marker arrives: a
 * background job started by an rc file may keep stdout open long after the shell is done.
 * On timeout the shell's whole process group is killed.
 */
function runLoginShell(
  shell: string,
  timeoutMs: number,
  env: Record<string, string>,
): Promise<Record<string, string>> {
  const marker = `__SWITCHBOARD_ENV_${randomBytes(8).toString('hex')}__`;
  // /usr/bin/env by absolute path: an interactive shell may alias or wrap `env`.
  const script = `printf '%s' '${marker}'; /usr/bin/env -0; printf '%s' '${marker}'`;
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-ilc', script], {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.destroy();
      if (!error) {
        try {
          resolve(parseMarkedEnv(output, marker));
          return;
        } catch (parseError) {
          error = parseError instanceof Error ? parseError : new Error(String(parseError));
        }
      }
      killGroup(child.pid);
      reject(error);
    };
    const timer = setTimeout(() => {
      settle(new Error(`the login shell (${shell}) did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.length > MAX_OUTPUT_BYTES) {
        settle(new Error('the login shell printed too much output'));
      } else if (output.indexOf(marker) !== output.lastIndexOf(marker)) {
        settle();
      }
    });
    child.on('error', (error) => settle(new Error(`could not run ${shell}: ${error.message}`)));
    child.on('close', (code) => {
      settle(new Error(`${shell} -ilc exited with code ${code} before printing its environment`));
    });
  });
}

/** Extracts `KEY=VALUE\0…` from between the two markers, ignoring anything rc files printed. */
export function parseMarkedEnv(output: string, marker: string): Record<string, string> {
  const start = output.indexOf(marker);
  const end = output.lastIndexOf(marker);
  if (start < 0 || end <= start) throw new Error('the login shell output had no environment');
  const env: Record<string, string> = {};
  for (const entry of output.slice(start + marker.length, end).split('\0')) {
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function defaultShell(platform: NodeJS.Platform): string {
  try {
    const shell = userInfo().shell;
    if (shell) return shell;
  } catch {
    // No passwd entry (some containers).
  }
  return platform === 'darwin' ? '/bin/zsh' : '/bin/sh';
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}
