import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessJanitor } from '../launch/testing/ProcessJanitor';
import { GrowthWatch } from './GrowthWatch';
import { parseCpuTime, parsePsOutput } from './parsePsOutput';
import { parseWindowsProcesses } from './parseWindowsProcesses';
import { treeOf, type ProcessRow } from './ProcessRow';
import { parseLinuxRss, parseLinuxStat, readLinuxProcesses } from './readLinuxProcesses';
import { ServerCostSampler } from './ServerCostSampler';

const MiB = 1024 * 1024;
const janitor = new ProcessJanitor();
afterEach(() => janitor.cleanup());

describe('reading process tables', () => {
  it('parses macOS ps output: KiB of memory, CPU times in every ps format', () => {
    const rows = parsePsOutput(
      [
        '    1     0     1  12000   1:02.50',
        '  500     1   500  40960   0:00.10',
        '  501   500   500   2048 01:00:00',
        '  502   501   500   1024 2-03:04:05',
        'garbage line',
      ].join('\n'),
    );
    expect(rows.map((r) => r.pid)).toEqual([1, 500, 501, 502]);
    expect(rows[1]).toEqual({ pid: 500, ppid: 1, group: 500, rssBytes: 40 * MiB, cpuMs: 100 });
    expect(parseCpuTime('1:02.50')).toBe(62_500);
    expect(parseCpuTime('01:00:00')).toBe(3_600_000);
    expect(parseCpuTime('2-03:04:05')).toBe(((2 * 24 + 3) * 60 + 4) * 60_000 + 5_000);
    expect(parseCpuTime('soon')).toBeNaN();
  });

  it('parses the PowerShell lines: working set in bytes, CPU in 100 ns units', () => {
    const rows = parseWindowsProcesses('4 0 1000 0\r\n7700 600 52428800 25000000\r\n\r\nbad\r\n');
    expect(rows).toEqual([
      { pid: 4, ppid: 0, rssBytes: 1000, cpuMs: 0 },
      { pid: 7700, ppid: 600, rssBytes: 50 * MiB, cpuMs: 2500 },
    ]);
  });

  it('parses /proc stat and status, a command name with spaces and parentheses included', () => {
    const stat =
      '4242 (node (my server)) S 4200 4242 4242 0 -1 4194560 1 0 0 0 150 50 0 0 20 0 11 0';
    expect(parseLinuxStat(4242, stat)).toEqual({
      pid: 4242,
      ppid: 4200,
      group: 4242,
      rssBytes: 0,
      cpuMs: 2000,
    });
    expect(parseLinuxRss('Name:\tnode\nVmRSS:\t   51200 kB\nThreads: 11\n')).toBe(50 * MiB);
    expect(parseLinuxRss('Name:\tkworker\n')).toBe(0);
  });

  it('finds a whole tree: descendants, and group members left behind by a parent that exited', () => {
    const row = (pid: number, ppid: number, group?: number): ProcessRow => ({
      pid,
      ppid,
      ...(group !== undefined ? { group } : {}),
      rssBytes: pid,
      cpuMs: 0,
    });
    const table = [
      row(1, 0),
      row(10, 1, 10),
      row(11, 10, 10),
      row(12, 11, 10),
      row(13, 1, 10),
      row(20, 1, 20),
    ];
    expect(
      treeOf(10, table)
        .map((r) => r.pid)
        .sort((a, b) => a - b),
    ).toEqual([10, 11, 12, 13]);
    expect(treeOf(20, table).map((r) => r.pid)).toEqual([20]);
    expect(treeOf(99, table)).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'reads a real process tree from /proc: the server and what it started, nothing else',
    async () => {
      // A "server" in its own session, as the host starts them, with a child holding 64 MiB.
      const script = `
        const { spawn } = require('node:child_process');
        const child = spawn(process.execPath, ['-e', 'const b = Buffer.alloc(64 * 1024 * 1024, 1); setInterval(() => b[0]++, 1000)'], { stdio: 'ignore' });
        child.on('spawn', () => setTimeout(() => console.log(child.pid), 300));
        setInterval(() => {}, 1000);`;
      const root = spawn(process.execPath, ['-e', script], {
        detached: true,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      janitor.trackGroup(root.pid);
      const childPid = Number(
        await new Promise<string>((resolve) =>
          root.stdout.once('data', (d: Buffer) => resolve(d.toString())),
        ),
      );
      const rows = await readLinuxProcesses([root.pid ?? 0]);
      const tree = treeOf(root.pid ?? 0, rows);
      expect(tree.map((r) => r.pid).sort()).toEqual([root.pid, childPid].sort());
      expect(tree.reduce((sum, r) => sum + r.rssBytes, 0)).toBeGreaterThan(64 * MiB);
      expect(rows.some((r) => r.pid === process.pid)).toBe(false);
    },
  );
});

describe('ServerCostSampler', () => {
  it('sums each tree, gives CPU since the previous sample, and measures only when asked', async () => {
    let now = 0;
    let reads = 0;
    let cpu = 0;
    const sampler = new ServerCostSampler({
      now: () => now,
      hostRss: () => 100,
      readTable: () => {
        reads++;
        return Promise.resolve([
          { pid: 10, ppid: 1, group: 10, rssBytes: 30 * MiB, cpuMs: cpu },
          { pid: 11, ppid: 10, group: 10, rssBytes: 20 * MiB, cpuMs: cpu },
          { pid: 20, ppid: 1, group: 20, rssBytes: 5 * MiB, cpuMs: 0 },
        ]);
      },
    });
    expect(reads).toBe(0);
    const first = await sampler.sample([{ server: 'fs', pid: 10 }]);
    expect(first.servers).toEqual([
      { server: 'fs', pid: 10, processes: 2, rssBytes: 50 * MiB, growing: false },
    ]);
    expect(first.host).toEqual({ rssBytes: 100 });
    // Two seconds later both processes used 500 ms of CPU: a quarter of a core each, half in all.
    now = 2000;
    cpu = 500;
    const second = await sampler.sample([{ server: 'fs', pid: 10 }]);
    expect(second.servers[0]?.cpuPercent).toBeCloseTo(50);
    // Asked again at once: the same sample, the table is not read again.
    expect(await sampler.sample([{ server: 'fs', pid: 10 }])).toBe(second);
    expect(reads).toBe(2);
  });

  it('says when memory grows without bound, once per process, and not for a climb that settles', async () => {
    let now = 0;
    let rss = 100 * MiB;
    const growing: string[] = [];
    const sampler = new ServerCostSampler({
      now: () => now,
      readTable: () => Promise.resolve([{ pid: 10, ppid: 1, rssBytes: rss, cpuMs: 0 }]),
      onGrowing: (server) => growing.push(server),
    });
    const results: boolean[] = [];
    for (let i = 0; i < 40; i++) {
      const costs = await sampler.sample([{ server: 'leaky', pid: 10 }]);
      results.push(costs.servers[0]?.growing ?? false);
      now += 2000;
      rss += 5 * MiB;
    }
    expect(results.slice(0, 7)).not.toContain(true);
    expect(results.at(-1)).toBe(true);
    expect(growing).toEqual(['leaky']);
  });
});

describe('GrowthWatch', () => {
  it('does not call a climb that settles, or swings with the work, growth', () => {
    const settles = new GrowthWatch();
    const swings = new GrowthWatch();
    let settled = false;
    let swung = false;
    for (let i = 0; i < 60; i++) {
      settled = settles.add('s', 1, i * 2000, Math.min(100 + i * 10, 200) * MiB);
      swung = swings.add('w', 1, i * 2000, (i % 2 ? 400 : 100) * MiB);
    }
    expect(settled).toBe(false);
    expect(swung).toBe(false);
  });

  it('starts again for a new process of the same server', () => {
    const watch = new GrowthWatch();
    let growing = false;
    for (let i = 0; i < 40; i++) growing = watch.add('s', 1, i * 2000, (100 + i * 10) * MiB);
    expect(growing).toBe(true);
    expect(watch.add('s', 2, 100_000, 500 * MiB)).toBe(false);
  });
});
