import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { statSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { buildWindowsSpawn } from '../../../platform/buildWindowsSpawn';
import { killProcessGroup } from './killProcessGroup';
import type { PidLedger } from './PidLedger';
import type { ProcessWrapper, WrappedLaunch } from '../../sandbox/ProcessWrapper';
import { resolveCommand } from './resolveCommand';
import { settleWithin } from './settleWithin';
import { taskkillTree } from './taskkillTree';
import { hostText, type HostText } from '../../../../shared/text/hostText';

/** What to start. */
export interface ServerProcessSpec {
  /** As configured: a bare name searched in `env.PATH`, or a path (relative to `cwd`). */
  command: string;
  args: readonly string[];
  /** The complete environment of the server (see `buildServerEnv`); nothing else is inherited. */
  env: Readonly<Record<string, string>>;
  cwd?: string | undefined;
  /** Name used in messages and in the PID ledger. */
  serverName?: string;
  /** When given, the process is recorded while its tree lives. */
  ledger?: PidLedger | undefined;
  /** Grace used when the leader exits on its own and leftovers of its group are ended. */
  sweepGraceMs?: number;
  /**
   * Starts the resolved command through another program (the sandbox). Its failure is the
   * start's failure: the server is then not started at all.
   */
  wrap?: ProcessWrapper | undefined;
}

/** How the server's main process ended. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/** Options of {@link ServerProcess.killTree}. */
export interface KillTreeOptions {
  /** Wait after closing stdin, and again after SIGTERM. Default 2000 ms. */
  graceMs?: number;
}

/** A running server process and everything it started. */
export interface ServerProcess {
  readonly pid: number;
  /** POSIX process group (equal to `pid`: the server leads its own group). Undefined on Windows. */
  readonly pgid: number | undefined;
  /** Absolute path that was executed (the `.cmd` shim on Windows, not cmd.exe). */
  readonly resolvedCommand: string;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Resolves when the main process exits (its descendants may outlive it; see killTree). */
  readonly exited: Promise<ProcessExit>;
  /** The exit, once it happened. */
  readonly exitInfo: ProcessExit | undefined;
  /**
   * Ends the whole tree. POSIX: close stdin, wait `graceMs` for the server to leave on its own,
   * SIGTERM the group, wait `graceMs`, SIGKILL the group. Windows: close stdin, wait, then
   * `taskkill /T /F`. Idempotent; never rejects; resolves when nothing is left (or given up).
   */
  killTree(options?: KillTreeOptions): Promise<void>;
}

/**
 * Starts a server the way the host must: resolved command (clear error when missing), no
 * shell, only the given environment, piped stdio, and on POSIX its own process group so the
 * whole tree — wrappers like `npx`, `uvx`, `sh -c` and what they start — can be ended at once.
 * When the main process exits by itself, whatever it left running in its group is ended too.
 *
 * @throws AppError(McpSpawnFailed) when the command or working directory is missing, or the
 *   operating system refuses to start it (ENOENT, EACCES, …).
 */
export async function spawnServerProcess(spec: ServerProcessSpec): Promise<ServerProcess> {
  const windows = process.platform === 'win32';
  const label = spec.serverName
    ? hostText('launch.server', { name: spec.serverName })
    : hostText('launch.theServer');
  // Checked synchronously, like the command (see resolveCommand): the spawn right after blocks.
  if (spec.cwd !== undefined) assertDirectory(spec.cwd, label);
  const resolvedCommand = resolveCommand(spec.command, {
    PATH: spec.env.PATH ?? (windows ? lookupPath(spec.env) : undefined),
    PATHEXT: spec.env.PATHEXT,
    cwd: spec.cwd,
  });
  const wrapped = spec.wrap
    ? await spec.wrap({ program: resolvedCommand, args: spec.args, env: spec.env, cwd: spec.cwd })
    : undefined;
  const launch = wrapped
    ? { file: wrapped.file, args: wrapped.args, windowsVerbatimArguments: false }
    : windows
      ? buildWindowsSpawn(resolvedCommand, spec.args, process.env.ComSpec ?? 'cmd.exe')
      : { file: resolvedCommand, args: [...spec.args], windowsVerbatimArguments: false };

  const child = spawn(launch.file, launch.args, {
    cwd: spec.cwd,
    env: { ...(wrapped?.env ?? spec.env) },
    shell: false,
    detached: !windows,
    windowsHide: true,
    windowsVerbatimArguments: launch.windowsVerbatimArguments,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      child.off('spawn', onSpawn);
      reject(spawnError(error, resolvedCommand, label));
    };
    const onSpawn = (): void => {
      child.off('error', onError);
      resolve();
    };
    child.once('error', onError);
    child.once('spawn', onSpawn);
  }).catch((error: unknown) => {
    wrapped?.release();
    throw error;
  });
  return new ServerProcessHandle(child, resolvedCommand, spec, windows, wrapped);
}

class ServerProcessHandle implements ServerProcess {
  readonly pid: number;
  readonly pgid: number | undefined;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  readonly exited: Promise<ProcessExit>;
  exitInfo: ProcessExit | undefined;
  private killing: Promise<void> | undefined;

  constructor(
    child: ChildProcess,
    readonly resolvedCommand: string,
    private readonly spec: ServerProcessSpec,
    private readonly windows: boolean,
    private readonly wrapped?: WrappedLaunch,
  ) {
    const { pid, stdin, stdout, stderr } = child;
    if (pid === undefined || !stdin || !stdout || !stderr) {
      throw new AppError(
        AppErrorCode.McpSpawnFailed,
        hostText('launch.couldNotStart', { command: resolvedCommand }),
      );
    }
    this.pid = pid;
    this.pgid = windows ? undefined : pid;
    this.stdin = stdin;
    this.stdout = stdout;
    this.stderr = stderr;
    // Unhandled stream errors would crash the host; EPIPE after the child died is expected.
    for (const stream of [stdin, stdout, stderr]) stream.on('error', () => undefined);
    child.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
    void spec.ledger?.record({
      pid,
      pgid: this.pgid ?? pid,
      server: spec.serverName ?? '',
      command: resolvedCommand,
    });
    // A leader that exits on its own may leave its group behind (npx killed, server orphaned).
    void this.exited.then(() => this.killTree({ graceMs: spec.sweepGraceMs ?? 1000 }));
  }

  killTree(options: KillTreeOptions = {}): Promise<void> {
    this.killing ??= this.runKill(options.graceMs ?? 2000).catch(() => undefined);
    return this.killing;
  }

  private async runKill(graceMs: number): Promise<void> {
    try {
      this.stdin.end();
    } catch {
      // Already closed.
    }
    if (!this.exitInfo) await settleWithin(this.exited, graceMs);
    let gone = true;
    if (this.windows) {
      if (!this.exitInfo) {
        gone = await taskkillTree(this.pid);
        await settleWithin(this.exited, 5000);
      }
    } else {
      gone = await killProcessGroup(this.pid, { graceMs });
      // The leader is gone once its group is; let Node observe the exit too.
      await settleWithin(this.exited, 1000);
    }
    await this.releaseStreams(1000);
    if (gone) await this.spec.ledger?.remove(this.pid);
    this.wrapped?.release();
  }

  /**
   * Lets the pipes drain (the last message may still be buffered after the exit), then
   * destroys them: a process outside the group that inherited them must not keep them open.
   */
  private async releaseStreams(timeoutMs: number): Promise<void> {
    const closed = [this.stdout, this.stderr].map((stream) =>
      stream.closed ? Promise.resolve() : once(stream, 'close'),
    );
    await settleWithin(Promise.all(closed), timeoutMs);
    this.stdin.destroy();
    this.stdout.destroy();
    this.stderr.destroy();
  }
}

function assertDirectory(cwd: string, label: HostText): void {
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    // Missing or unreadable: said below.
  }
  if (!isDirectory) {
    throw new AppError(AppErrorCode.McpSpawnFailed, hostText('launch.noCwd', { label, cwd }), {
      cwd,
    });
  }
}

function spawnError(error: NodeJS.ErrnoException, command: string, label: HostText): AppError {
  const reason =
    error.code === 'EACCES'
      ? hostText('launch.permission')
      : error.code === 'ENOENT'
        ? hostText('launch.interpreter')
        : error.code === 'ENOEXEC'
          ? hostText('launch.notProgram')
          : hostText('foreign', { text: error.message });
  return new AppError(
    AppErrorCode.McpSpawnFailed,
    hostText('launch.spawnFailed', { label, command, reason }),
    {
      command,
      errno: error.code,
    },
  );
}

function lookupPath(env: Readonly<Record<string, string>>): string | undefined {
  for (const [key, value] of Object.entries(env)) if (key.toUpperCase() === 'PATH') return value;
  return undefined;
}
