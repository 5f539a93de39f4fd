import type { BenchContext } from './BenchContext';
import { BenchShell, type ShellServer } from './BenchShell';
import { fixtureServer } from './fixtureServer';
import { atMost, type Goal } from './Goal';
import { processRssBytes } from './procStats';
import { sleep } from './sleep';
import { round, summarize, type Summary } from './summarize';

const SERVERS = 30;
const PAIRS = 3;
const LIMIT_MIB = 0.5;
/** After everything is ready: coalesced events, log batches and timers run as in an idle app. */
const SETTLE_MS = 3000;
/** RSS is read this many times, this far apart, once settled; the median counts. */
const READS = 5;
const READ_EVERY_MS = 400;
const MIB = 1024 * 1024;

/** Goal: the web shell's resident memory per connected server. */
export interface MemoryReport {
  servers: number;
  pairs: number;
  /** RSS (MiB) of a shell with no servers and of one with 30 ready ones, one sample per shell. */
  withoutServersMiB: Summary;
  withServersMiB: Summary;
  /** Per pair: (with − without) / 30, MiB. */
  perServerMiB: Summary;
  goals: Goal[];
}

/**
 * Starts the built web shell (production mode, a window's socket connected) with no servers and
 * with 30 echo.mjs servers, in pairs whose order alternates, and reads each shell process's RSS
 * from /proc once it has settled — no forced garbage collection: what the person's machine
 * holds. The servers are child processes and not counted. Per server = the pair's difference
 * over 30; the goal is on the median pair.
 */
export async function benchMemory(ctx: BenchContext): Promise<MemoryReport> {
  const script = fixtureServer('echo.mjs');
  const servers: Record<string, ShellServer> = {};
  for (let i = 1; i <= SERVERS; i++) {
    servers[`echo-${String(i).padStart(2, '0')}`] = { command: process.execPath, args: [script] };
  }
  const without: number[] = [];
  const withServers: number[] = [];
  const perServer: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? [{}, servers] : [servers, {}];
    const rss: number[] = [];
    for (const set of order) rss.push(await settledRss(ctx, set));
    const [empty, full] = pair % 2 === 0 ? rss : [...rss].reverse();
    without.push((empty ?? 0) / MIB);
    withServers.push((full ?? 0) / MIB);
    perServer.push(((full ?? 0) - (empty ?? 0)) / SERVERS / MIB);
  }
  const perServerMiB = summarize(perServer);
  return {
    servers: SERVERS,
    pairs: PAIRS,
    withoutServersMiB: summarize(without),
    withServersMiB: summarize(withServers),
    perServerMiB,
    goals: [
      atMost(
        'memory.rssPerServer',
        `web shell process RSS per connected server (${SERVERS} servers vs none, no forced GC), median of ${PAIRS} pairs`,
        perServerMiB.median,
        LIMIT_MIB,
        'MiB',
        {
          n: PAIRS,
          measured: perServerMiB,
          baseline: { what: 'the same shell with no servers', ...summarizeRound(without) },
        },
      ),
    ],
  };
}

/** The shell's RSS once its servers are ready and it has settled (median of a few reads). */
async function settledRss(
  ctx: BenchContext,
  servers: Readonly<Record<string, ShellServer>>,
): Promise<number> {
  const shell = await BenchShell.start(ctx, servers);
  try {
    await shell.whenAllReady(120_000);
    await sleep(SETTLE_MS);
    const reads: number[] = [];
    for (let i = 0; i < READS; i++) {
      reads.push(processRssBytes(shell.process.pid));
      await sleep(READ_EVERY_MS);
    }
    return summarize(reads).median;
  } finally {
    await shell.stop();
    await sleep(300);
  }
}

function summarizeRound(values: number[]): Omit<Summary, 'mean'> {
  const { n, min, median, p99, max } = summarize(values.map(round));
  return { n, min, median, p99, max };
}
