import { pbkdf2 } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { buildServerEnv } from './buildServerEnv';
import { isProcessAlive, isProcessGroupAlive } from './isProcessAlive';
import { PidLedger } from './PidLedger';
import { spawnServerProcess, type ServerProcess } from './spawnServerProcess';
import { fixtureServer, ProcessJanitor } from './testing/ProcessJanitor';

const posix = process.platform !== 'win32';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(20);
  }
}

describe.skipIf(!posix)('spawnServerProcess', () => {
  const janitor = new ProcessJanitor();
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'spawn-server-'));
  });

  afterEach(async () => {
    vi.unstubAllEnvs();
    await janitor.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  async function start(
    args: string[],
    extra: Partial<Parameters<typeof spawnServerProcess>[0]> = {},
  ): Promise<ServerProcess> {
    const proc = await spawnServerProcess({
      command: 'node',
      args,
      env: buildServerEnv({}, { ...process.env, PATH: path.dirname(process.execPath) }),
      ...extra,
    });
    janitor.trackGroup(proc.pgid);
    janitor.onCleanup(() => proc.killTree({ graceMs: 100 }));
    return proc;
  }

  it('resolves the command from the env PATH and reports the exit code', async () => {
    const proc = await start(['-e', 'process.stdout.write("hi"); process.exit(7)']);
    expect(proc.resolvedCommand).toBe(process.execPath);
    expect(await readAll(proc.stdout)).toBe('hi');
    expect(await proc.exited).toEqual({ code: 7, signal: null });
    expect(proc.exitInfo).toEqual({ code: 7, signal: null });
  });

  it('starts while the thread pool is busy: its checks do not queue behind other work', async () => {
    // Many servers start together with log writes and other file work in flight; a start must
    // not wait for a free thread-pool slot before its (blocking anyway) spawn.
    let busyFinished = false;
    const busy = Array.from(
      { length: 8 },
      () =>
        new Promise<void>((resolve) =>
          pbkdf2('busy', 'salt', 600_000, 64, 'sha512', () => {
            busyFinished = true;
            resolve();
          }),
        ),
    );
    const proc = await start(['-e', 'setInterval(() => {}, 1000)']);
    expect(proc.pid).toBeGreaterThan(0);
    expect(busyFinished).toBe(false);
    await Promise.all(busy);
  });

  it('runs the server as the leader of its own process group', async () => {
    const proc = await start(['-e', 'setInterval(() => {}, 1000)']);
    expect(proc.pgid).toBe(proc.pid);
    const stat = await readFile(`/proc/${proc.pid}/stat`, 'utf8').catch(() => undefined);
    if (stat) expect(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]).toBe(String(proc.pid));
  });

  it('passes nothing from the host environment beyond the allow-list', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-api03-must-not-leak');
    vi.stubEnv('SOME_HOST_SETTING', 'host-only');
    const proc = await spawnServerProcess({
      command: process.execPath,
      args: ['-e', 'process.stdout.write(JSON.stringify(process.env))'],
      env: buildServerEnv({ SERVER_TOKEN: 'configured' }, process.env),
    });
    janitor.trackGroup(proc.pgid);
    const childEnv = JSON.parse(await readAll(proc.stdout)) as Record<string, string>;
    expect(childEnv.ANTHROPIC_API_KEY).toBeUndefined();
    expect(childEnv.SOME_HOST_SETTING).toBeUndefined();
    expect(childEnv.SERVER_TOKEN).toBe('configured');
    expect(childEnv.PATH).toBe(process.env.PATH);
    const allowed = new Set(['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'SERVER_TOKEN']);
    // Node may add nothing of its own; anything else would be a leak.
    expect(Object.keys(childEnv).filter((key) => !allowed.has(key))).toEqual([]);
  });

  it('fails with a clear error when the command is missing', async () => {
    const error = await spawnServerProcess({
      command: 'definitely-not-installed-mcp',
      args: [],
      env: { PATH: '/usr/bin:/bin' },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(AppErrorCode.McpSpawnFailed);
    expect((error as AppError).message).toBe(
      "Command 'definitely-not-installed-mcp' was not found. Looked in: /usr/bin, /bin.",
    );
  });

  it('fails with a clear error when the working directory is missing', async () => {
    const cwd = path.join(dir, 'missing');
    await expect(start(['-e', '0'], { cwd, serverName: 'files' })).rejects.toThrow(
      `The working directory of server 'files' does not exist: ${cwd}`,
    );
  });

  it('maps ENOENT and EACCES from the OS to McpSpawnFailed with the reason', async () => {
    const noInterpreter = path.join(dir, 'no-interpreter');
    await writeFile(noInterpreter, '#!/nonexistent/interpreter\n');
    await chmod(noInterpreter, 0o755);
    const enoent = await start([], { command: noInterpreter }).catch((e: unknown) => e);
    expect((enoent as AppError).code).toBe(AppErrorCode.McpSpawnFailed);
    expect((enoent as AppError).message).toContain('its interpreter (the #! line) was not found');
    expect((enoent as AppError).data).toMatchObject({ errno: 'ENOENT' });

    const notRunnable = path.join(dir, 'interpreter-not-executable');
    await writeFile(notRunnable, '');
    await chmod(notRunnable, 0o644);
    const script = path.join(dir, 'script');
    await writeFile(script, `#!${notRunnable}\n`);
    await chmod(script, 0o755);
    const eacces = await start([], { command: script, serverName: 'x' }).catch((e: unknown) => e);
    expect((eacces as AppError).code).toBe(AppErrorCode.McpSpawnFailed);
    expect((eacces as AppError).message).toBe(
      `Could not start server 'x' (${script}): permission denied (is it executable, and is its folder accessible?).`,
    );
  });

  it('kills the whole tree of a server that ignores stdin EOF and SIGTERM', async () => {
    const pidFile = path.join(dir, 'pids.json');
    const proc = await start([fixtureServer('stubborn.mjs')], {
      env: buildServerEnv({ STUBBORN_PID_FILE: pidFile }, process.env),
    });
    const pids = await waitFor(async () => {
      const text = await readFile(pidFile, 'utf8').catch(() => undefined);
      return text ? (JSON.parse(text) as { pid: number; grandchildPid: number }) : undefined;
    });
    janitor.trackPid(pids.grandchildPid);
    expect(pids.pid).toBe(proc.pid);
    expect(isProcessAlive(pids.grandchildPid)).toBe(true);

    const started = Date.now();
    await proc.killTree({ graceMs: 200 });
    // End stdin → 200 ms, SIGTERM (ignored) → 200 ms, SIGKILL.
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isProcessAlive(pids.pid)).toBe(false);
    expect(isProcessAlive(pids.grandchildPid)).toBe(false);
    expect(isProcessGroupAlive(proc.pid)).toBe(false);
    expect((await proc.exited).signal).toBe('SIGKILL');
    // A second call is a no-op.
    await proc.killTree();
  });

  it('lets a cooperative server leave on stdin EOF without signals', async () => {
    const proc = await start([
      '-e',
      "process.stdin.resume(); process.stdin.on('end', () => process.exit(0))",
    ]);
    const started = Date.now();
    await proc.killTree({ graceMs: 5000 });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('ends what a wrapper left behind when the wrapper exits on its own', async () => {
    // Like `npx` dying while its child server keeps running in the same group.
    const proc = await start([
      '-e',
      `const { spawn } = require('node:child_process');
       const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       process.stdout.write(String(child.pid));
       setTimeout(() => process.exit(0), 100);`,
    ]);
    const orphan = Number(await readAll(proc.stdout));
    janitor.trackPid(orphan);
    await proc.exited;
    await waitFor(() => Promise.resolve(isProcessAlive(orphan) ? undefined : true), 5000);
    expect(isProcessGroupAlive(proc.pid)).toBe(false);
  });

  it('records the process in the PID ledger while its tree lives', async () => {
    const ledger = new PidLedger({ file: path.join(dir, 'ledger.json') });
    const proc = await start(['-e', 'setInterval(() => {}, 1000)'], { ledger, serverName: 'demo' });
    const entries = await waitFor(async () => {
      const list = await ledger.list();
      return list.length > 0 ? list : undefined;
    });
    expect(entries).toMatchObject([
      {
        pid: proc.pid,
        pgid: proc.pid,
        server: 'demo',
        command: process.execPath,
        hostPid: process.pid,
      },
    ]);
    await proc.killTree({ graceMs: 100 });
    expect(await ledger.list()).toEqual([]);
  });
});
