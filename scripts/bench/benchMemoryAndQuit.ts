import type { BenchContext } from './BenchContext';
import { BenchHost, type BenchServer } from './BenchHost';
import { fixtureServer } from './fixtureServer';
import { atMost, type Goal } from './Goal';
import { measureMemory, type MemorySample } from './measureMemory';
import { sleep } from './sleep';
import { round } from './summarize';
import { timeQuit, type QuitTiming } from './timeQuit';

const SERVERS = 30;
const LIMIT_MIB = 0.5;
/** The app's default kill grace, passed explicitly so the quit budget is known. */
const KILL_GRACE_MS = 2000;
const MIB = 1024 * 1024;

/** Goal 4: host memory per connected server, and quitting with 30 servers. */
export interface MemoryAndQuitReport {
  servers: number;
  /** Host with no servers vs with 30 ready servers, bytes after GC. */
  withoutServers: MemorySample;
  withServers: MemorySample;
  perServerMiB: { heapUsed: number; rss: number; external: number; arrayBuffers: number };
  quit: QuitTiming & { killGraceMs: number; budgetMs: number };
  goals: Goal[];
}

/**
 * Measures this process (the host's main process; servers are children and not counted)
 * with a started host of 0 servers, then of 30 ready echo.mjs servers, and divides the
 * difference by 30. Runs first in the bench so earlier benchmarks' freed memory cannot hide
 * growth in RSS; one server is started and stopped before to load and compile the code paths.
 */
export async function benchMemoryAndQuit(ctx: BenchContext): Promise<MemoryAndQuitReport> {
  const script = fixtureServer('echo.mjs');
  const servers = (count: number): Record<string, BenchServer> => {
    const list: Record<string, BenchServer> = {};
    for (let i = 1; i <= count; i++) {
      list[`echo-${String(i).padStart(2, '0')}`] = { command: process.execPath, args: [script] };
    }
    return list;
  };
  const warm = await BenchHost.create({
    root: ctx.root,
    servers: servers(1),
    janitor: ctx.janitor,
  });
  await warm.mcp.start();
  await warm.whenAllReady(30_000);
  await warm.dispose();

  const empty = await BenchHost.create({ root: ctx.root, servers: {}, janitor: ctx.janitor });
  await empty.mcp.start();
  await sleep(500);
  const withoutServers = await measureMemory();
  await empty.dispose();

  const full = await BenchHost.create({
    root: ctx.root,
    servers: servers(SERVERS),
    janitor: ctx.janitor,
    killGraceMs: KILL_GRACE_MS,
  });
  await full.mcp.start();
  await full.whenAllReady(120_000);
  // Let coalesced events, log batches and list subscriptions settle as in a running app.
  await sleep(1000);
  const withServers = await measureMemory();
  const perServer = (key: keyof MemorySample): number =>
    round((withServers[key] - withoutServers[key]) / SERVERS / MIB);
  const perServerMiB = {
    heapUsed: perServer('heapUsed'),
    rss: perServer('rss'),
    external: perServer('external'),
    arrayBuffers: perServer('arrayBuffers'),
  };

  const budgetMs = KILL_GRACE_MS + 1000;
  const quit = await timeQuit(full, budgetMs + 10_000);
  return {
    servers: SERVERS,
    withoutServers,
    withServers,
    perServerMiB,
    quit: { ...quit, killGraceMs: KILL_GRACE_MS, budgetMs },
    goals: [
      atMost(
        'memory.heapPerServer',
        'main-process heap per connected server, after GC',
        perServerMiB.heapUsed,
        LIMIT_MIB,
        'MiB',
      ),
      atMost(
        'memory.rssPerServer',
        'main-process RSS per connected server, after GC',
        perServerMiB.rss,
        LIMIT_MIB,
        'MiB',
      ),
      atMost(
        'quit.allGone',
        `dispose() with ${SERVERS} servers → every server PID gone (budget: grace + 1 s)`,
        quit.allGoneMs ?? budgetMs + 10_000,
        budgetMs,
        'ms',
      ),
    ],
  };
}
