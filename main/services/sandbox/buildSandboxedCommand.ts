import { escapeCmdArgument, escapeCmdCommand } from '../../platform/buildWindowsSpawn';
import type { SandboxPlatform } from './SandboxEngine';

/** The server's command as the shell inside the sandbox runs it. */
export interface SandboxedCommand {
  /** The shell the runtime starts the command with. */
  binShell: string;
  /** One command line for that shell. */
  command: string;
  /**
   * Windows: variables to hand to `srt-win` as `--env NAME=VALUE` (the sandbox account starts
   * with its own profile's environment; the runtime passes only PATH and its proxy settings).
   */
  windowsEnv: Record<string, string>;
}

/**
 * Builds the command line the sandbox runs for a server: its resolved program and arguments,
 * each quoted for the shell so nothing in them is read as shell syntax, and the variables the
 * runtime would otherwise set its own way (TMPDIR: the server's private temporary folder).
 * POSIX: `/bin/sh` (bash reads ~/.bashrc when its stdin is a socket, as Node's pipes are: that
 * cost seconds per start), the variables exported, then `exec` so the server is the process the
 * sandbox waits for. Windows: `cmd`, with cmd.exe's escaping, the variables as `--env` pairs.
 */
export function buildSandboxedCommand(
  platform: SandboxPlatform,
  program: string,
  args: readonly string[],
  variables: Readonly<Record<string, string>>,
): SandboxedCommand {
  if (platform === 'windows') {
    const npmShim = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i.test(program);
    const line = [
      escapeCmdCommand(program),
      ...args.map((arg) => escapeCmdArgument(arg, npmShim)),
    ].join(' ');
    return { binShell: 'cmd', command: line, windowsEnv: { ...variables } };
  }
  const exports = Object.entries(variables).map(
    ([name, value]) => `export ${name}=${shellQuote(value)}; `,
  );
  const line = ['exec', ...[program, ...args].map(shellQuote)].join(' ');
  return { binShell: '/bin/sh', command: exports.join('') + line, windowsEnv: {} };
}

/** One word for a POSIX shell: single-quoted, a quote inside written as '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The runtime's srt-win argv with `--env NAME=VALUE` pairs added before its `--`. A name the
 * runtime sets itself (PATH, the proxy settings) keeps the runtime's value.
 */
export function withWindowsEnv(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
): string[] {
  const separator = argv.indexOf('--', 1);
  if (separator === -1) return [...argv];
  const taken = new Set<string>();
  for (let i = 1; i < separator; i++) {
    const pair = argv[i - 1] === '--env' ? argv[i] : undefined;
    if (pair !== undefined) taken.add(pair.slice(0, pair.indexOf('=')).toUpperCase());
  }
  const pairs = Object.entries(env)
    .filter(([name]) => !taken.has(name.toUpperCase()))
    .flatMap(([name, value]) => ['--env', `${name}=${value}`]);
  return [...argv.slice(0, separator), ...pairs, ...argv.slice(separator)];
}
