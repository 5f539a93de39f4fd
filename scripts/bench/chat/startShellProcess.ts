import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessJanitor } from '../../../main/services/mcp/launch/testing/ProcessJanitor';
import { WEB_SHELL_NODE_FLAGS } from '../../webShellNodeFlags.mjs';
import { stopChild } from '../stopChild';

/** A running web shell process. */
export interface ShellProcess {
  /** `http://127.0.0.1:PORT/?token=…`, as the shell printed it. */
  url: string;
  /** PID of the shell process (the host's main process in the web shell). */
  pid: number;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGTERM (the shell stops its servers), SIGKILL after 5 s. Idempotent. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;

/**
 * Starts the built web shell (`out/main/web.js`, the app's host core behind a WebSocket on
 * 127.0.0.1) on a free port over `dataDir`. The janitor learns of the process before anything
 * can fail, so an interrupted or crashed bench never leaves it running.
 */
export async function startShellProcess(options: {
  dataDir: string;
  env: Record<string, string>;
  janitor: ProcessJanitor;
}): Promise<ShellProcess> {
  const entry = join(process.cwd(), 'out', 'main', 'web.js');
  if (!existsSync(entry)) throw new Error(`web shell not built: ${entry}`);
  const child = spawn(
    process.execPath,
    // Started as `npm run web` starts it: the same Node flags.
    [...WEB_SHELL_NODE_FLAGS, entry, '--no-open', '--port', '0', '--data-dir', options.dataDir],
    {
      // Only what the shell needs: no proxy settings or keys from the caller's environment.
      // Production mode: what is timed is what people run, without the contract's output checks.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        // For profiling the shell, e.g. `--cpu-prof --cpu-prof-dir=DIR`.
        ...(process.env.BENCH_SHELL_NODE_OPTIONS
          ? { NODE_OPTIONS: process.env.BENCH_SHELL_NODE_OPTIONS }
          : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const pid = child.pid;
  if (pid === undefined) throw new Error('the web shell did not start');
  options.janitor.trackPid(pid);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopping ??= stopChild(child));
  options.janitor.onCleanup(stop);
  try {
    return { url: await waitForUrl(child), pid, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const done = (): void => {
      clearTimeout(timer);
      child.off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`web shell did not start in ${START_TIMEOUT_MS} ms:\n${out}\n${err}`));
    }, START_TIMEOUT_MS);
    const onExit = (code: number | null): void => {
      done();
      reject(new Error(`web shell exited with ${String(code)}:\n${out}\n${err}`));
    };
    child.once('exit', onExit);
    child.once('error', (error) => {
      done();
      reject(error);
    });
    // Keep draining both pipes for the shell's whole life: a full pipe would block it.
    child.stderr?.on('data', (chunk: Buffer) => {
      if (err.length < 64 * 1024) err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (out.length >= 64 * 1024) return;
      out += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(out);
      if (match?.[1]) {
        done();
        resolve(match[1]);
      }
    });
  });
}
