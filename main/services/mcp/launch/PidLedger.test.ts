import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isProcessAlive, isProcessGroupAlive } from './isProcessAlive';
import { PidLedger, type PidLedgerEntry } from './PidLedger';
import { ProcessJanitor } from './testing/ProcessJanitor';

const posix = process.platform !== 'win32';

/**
 * A stand-in for an earlier app run: it starts a server in its own process group (a leader that
 * ignores SIGTERM plus a child), reports their PIDs on stdout, and then waits to be killed.
 */
const FAKE_HOST = `
const { spawn } = require('node:child_process');
const leader = spawn(process.execPath, ['-e', \`
  process.on('SIGTERM', () => {});
  const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  process.stdout.write(String(child.pid));
  setInterval(() => {}, 1000);
\`], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
leader.stdout.once('data', (child) => {
  process.stdout.write(JSON.stringify({ leader: leader.pid, child: Number(String(child)) }) + '\\n');
});
setInterval(() => {}, 1000);
`;

async function startFakeHost(): Promise<{
  hostPid: number;
  leader: number;
  child: number;
  kill: () => Promise<void>;
}> {
  const host = spawn(process.execPath, ['-e', FAKE_HOST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(host.stdout, 'data')) as [Buffer];
  const { leader, child } = JSON.parse(String(line)) as { leader: number; child: number };
  return {
    hostPid: host.pid ?? 0,
    leader,
    child,
    kill: async () => {
      host.kill('SIGKILL');
      if (host.exitCode === null && host.signalCode === null) await once(host, 'exit');
    },
  };
}

describe.skipIf(!posix)('PidLedger', () => {
  const janitor = new ProcessJanitor();
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pid-ledger-'));
    file = path.join(dir, 'data', 'servers.pids.json');
  });

  afterEach(async () => {
    await janitor.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  function sleeper(): number {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      detached: true,
      stdio: 'ignore',
    });
    janitor.trackGroup(child.pid);
    return child.pid ?? 0;
  }

  it('records, lists and removes entries in a private JSON file', async () => {
    const ledger = new PidLedger({ file });
    const pid = sleeper();
    await ledger.record({ pid, pgid: pid, server: 'files', command: '/usr/bin/node' });
    const [entry] = await ledger.list();
    expect(entry).toMatchObject({ pid, pgid: pid, server: 'files', hostPid: process.pid });
    expect(Date.parse(entry?.startedAt ?? '')).not.toBeNaN();
    if (process.platform === 'linux') expect(entry?.identity?.start).toMatch(/:\d+$/);
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { entries: PidLedgerEntry[] };
    expect(onDisk.entries).toHaveLength(1);
    await ledger.remove(pid);
    expect(await ledger.list()).toEqual([]);
  });

  it('writes changes made together at once, in the order they were made', async () => {
    const ledger = new PidLedger({ file });
    const writes = vi.spyOn(ledger as unknown as { write: () => Promise<void> }, 'write');
    const pids = Array.from({ length: 20 }, (_, i) => process.pid + 100_000 + i);
    const done = pids.map((pid, i) =>
      ledger.record({ pid, pgid: pid, server: `s${String(i)}`, command: 'node' }),
    );
    // Removed right after it was recorded: the removal wins.
    done.push(ledger.remove(pids[3] ?? 0));
    await Promise.all(done);
    // Thirty one after another made thirty writes; together they share one or two.
    expect(writes.mock.calls.length).toBeLessThanOrEqual(2);
    const listed = (await ledger.list()).map((entry) => entry.pid);
    expect(listed).toEqual(pids.filter((pid) => pid !== pids[3]));
    await ledger.remove(pids[0] ?? 0);
    const writesBefore = writes.mock.calls.length;
    await ledger.remove(process.pid + 999_999);
    expect(writes.mock.calls.length).toBe(writesBefore);
    expect((await ledger.list()).map((entry) => entry.pid)).toEqual(
      pids.slice(1).filter((pid) => pid !== pids[3]),
    );
    // A removal of something not recorded writes nothing.
    expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('treats an unreadable file as empty instead of failing', async () => {
    const ledger = new PidLedger({ file });
    await ledger.record({ pid: 1, pgid: 1, server: 'x', command: 'x' });
    await writeFile(file, '{ not json');
    expect(await ledger.list()).toEqual([]);
    expect(await ledger.reapLeftovers()).toEqual({ reaped: [], skipped: [] });
  });

  it('reaps the process group a crashed run left behind', async () => {
    const host = await startFakeHost();
    janitor.trackGroup(host.leader);
    janitor.trackPid(host.child);
    janitor.trackPid(host.hostPid);
    // What the earlier run recorded when it started the server.
    await new PidLedger({ file, hostPid: host.hostPid }).record({
      pid: host.leader,
      pgid: host.leader,
      server: 'leftover',
      command: process.execPath,
    });
    await host.kill();
    expect(isProcessAlive(host.leader)).toBe(true);

    const report = await new PidLedger({ file, graceMs: 200 }).reapLeftovers();
    expect(report.reaped.map((entry) => entry.server)).toEqual(['leftover']);
    expect(report.skipped).toEqual([]);
    expect(isProcessAlive(host.leader)).toBe(false);
    expect(isProcessAlive(host.child)).toBe(false);
    expect(isProcessGroupAlive(host.leader)).toBe(false);
    expect(await new PidLedger({ file }).list()).toEqual([]);
  });

  it('reaps the survivors of a group whose leader already died', async () => {
    const host = await startFakeHost();
    janitor.trackGroup(host.leader);
    janitor.trackPid(host.child);
    await new PidLedger({ file, hostPid: host.hostPid }).record({
      pid: host.leader,
      pgid: host.leader,
      server: 'orphans',
      command: process.execPath,
    });
    await host.kill();
    process.kill(host.leader, 'SIGKILL');
    while (isProcessAlive(host.leader)) await sleep(10);
    expect(isProcessAlive(host.child)).toBe(true);

    const report = await new PidLedger({ file, graceMs: 200 }).reapLeftovers();
    expect(report.reaped.map((entry) => entry.server)).toEqual(['orphans']);
    expect(isProcessAlive(host.child)).toBe(false);
  });

  it('never kills a PID that now belongs to another process', async () => {
    const unrelated = sleeper();
    await new PidLedger({ file, hostPid: 999_999_999 }).record({
      pid: unrelated,
      pgid: unrelated,
      server: 'reused',
      command: '/usr/bin/something-else',
    });
    // Pretend the recorded process started at another time: the PID was reused since.
    const text = await readFile(file, 'utf8');
    const data = JSON.parse(text) as { entries: PidLedgerEntry[] };
    for (const entry of data.entries) entry.identity = { start: 'boot:1' };
    await writeFile(file, JSON.stringify(data));

    const report = await new PidLedger({ file }).reapLeftovers();
    expect(report.reaped).toEqual([]);
    expect(report.skipped.map((skip) => skip.reason)).toEqual(['not-ours']);
    expect(isProcessAlive(unrelated)).toBe(true);
    expect(await new PidLedger({ file }).list()).toEqual([]);
  });

  it('leaves the entries of a run that is still alive, and forgets those that are gone', async () => {
    const mine = sleeper();
    const ledger = new PidLedger({ file });
    await ledger.record({ pid: mine, pgid: mine, server: 'live', command: 'node' });
    const dead = spawn(process.execPath, ['-e', '0'], { detached: true, stdio: 'ignore' });
    await once(dead, 'exit');
    await new PidLedger({ file, hostPid: 999_999_999 }).record({
      pid: dead.pid ?? 0,
      pgid: dead.pid ?? 0,
      server: 'gone',
      command: 'node',
    });

    const report = await ledger.reapLeftovers();
    expect(report.reaped).toEqual([]);
    expect(report.skipped.map((skip) => [skip.entry.server, skip.reason])).toEqual([
      ['live', 'host-alive'],
      ['gone', 'gone'],
    ]);
    expect(isProcessAlive(mine)).toBe(true);
    expect((await ledger.list()).map((entry) => entry.server)).toEqual(['live']);
  });
});
