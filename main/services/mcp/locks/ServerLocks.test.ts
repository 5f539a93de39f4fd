import { spawn } from 'node:child_process';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/Logger';
import { ProcessJanitor } from '../launch/testing/ProcessJanitor';
import { ServerLocks, type ServerLocksOptions } from './ServerLocks';

const log = createLogger({ consoleLevel: 'silent' });
const janitor = new ProcessJanitor();
afterEach(() => janitor.cleanup());

async function folder(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'sb-locks-')), 'locks');
}

function locks(dir: string, extra: Partial<ServerLocksOptions> = {}): ServerLocks {
  return new ServerLocks({ dir, shell: 'cli', log, ...extra });
}

/** A real process that lives until the test ends it. */
async function liveProcess(): Promise<{ pid: number; end: () => Promise<void> }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  janitor.trackPid(child.pid);
  await new Promise((resolve) => child.once('spawn', resolve));
  return {
    pid: child.pid ?? 0,
    end: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

describe('ServerLocks', () => {
  it('lets one process hold a server; another learns which one, and takes over once it is gone', async () => {
    const dir = await folder();
    const other = await liveProcess();
    // The other process (the web shell, say) holds "fs".
    expect(await locks(dir, { pid: other.pid, shell: 'web' }).acquire('fs')).toEqual({ ok: true });
    const mine = locks(dir);
    const refused = await mine.acquire('fs');
    expect(refused).toMatchObject({ ok: false, owner: { pid: other.pid, shell: 'web' } });
    expect(await mine.owner('fs')).toMatchObject({ pid: other.pid });
    // A different server is free.
    expect(await mine.acquire('git')).toEqual({ ok: true });
    await other.end();
    // Its process is gone: the lock is stale and taken over.
    expect(await mine.acquire('fs')).toEqual({ ok: true });
    expect(mine.held().sort()).toEqual(['fs', 'git']);
    await mine.release('fs');
    await mine.release('git');
    expect(await readdir(dir)).toEqual([]);
  });

  it('does not believe a lock whose PID now names another process (reused PID)', async () => {
    const dir = await folder();
    const other = await liveProcess();
    const pretend = locks(dir, {
      pid: other.pid,
      identify: () => Promise.resolve({ start: 'a process that ended long ago' }),
    });
    expect(await pretend.acquire('fs')).toEqual({ ok: true });
    // The real process with that PID started at another time: not the owner.
    expect(await locks(dir).acquire('fs')).toEqual({ ok: true });
  });

  it('takes over a lock file that is not a lock (empty, garbage)', async () => {
    const dir = await folder();
    const mine = locks(dir);
    expect(await mine.acquire('fs')).toEqual({ ok: true });
    const [name = ''] = await readdir(dir);
    await mine.release('fs');
    await writeFile(join(dir, name), '');
    expect(await mine.acquire('fs')).toEqual({ ok: true });
    await mine.release('fs');
    await writeFile(join(dir, name), '{"version":1,"pid":"me"}');
    expect(await mine.acquire('fs')).toEqual({ ok: true });
  });

  it('gives a server to exactly one of many processes trying at once, also when taking over a stale lock', async () => {
    const dir = await folder();
    // Ten pretend processes, all alive (identities that match), none the test's own.
    const contenders = Array.from({ length: 10 }, (_, i) =>
      locks(dir, { pid: 900_000 + i, identify: (pid) => Promise.resolve({ start: `s${pid}` }) }),
    );
    const fresh = await Promise.all(contenders.map((c) => c.acquire('fs')));
    expect(fresh.filter((r) => r.ok)).toHaveLength(1);
    // The holder dies: its identity no longer matches. Ten others race for the stale lock.
    const winner = fresh.findIndex((r) => r.ok);
    const next = Array.from({ length: 10 }, (_, i) =>
      locks(dir, {
        pid: 800_000 + i,
        identify: (pid) =>
          Promise.resolve(pid === 900_000 + winner ? undefined : { start: `s${pid}` }),
      }),
    );
    const takeover = await Promise.all(next.map((c) => c.acquire('fs')));
    expect(takeover.filter((r) => r.ok)).toHaveLength(1);
  });
});
