import type { BenchContext } from './BenchContext';
import { BenchHost, type BenchServer } from './BenchHost';
import { fixtureServer } from './fixtureServer';
import { atMost, type Goal } from './Goal';
import { sleep } from './sleep';
import { round, summarize, type Summary } from './summarize';

const COUNTS = [1, 10, 30] as const;
/** One round's order: the one-server unit is measured next to each larger run. */
const ROUND = [1, 10, 1, 30] as const;
const ROUNDS = 3;
const LIMIT = 1.3;

/** One server count's startup times and its budget. */
export interface StartupRow {
  servers: number;
  ms: Summary;
  /** ⌈N / cores⌉ × one server's median time: ideal parallel startup on this machine. */
  idealMs: number;
  /** Median over ideal; the goal is ≤ 1.3. */
  ratio: number;
}

/** Goal 2: from `McpService.start()` to every server `ready`, for 1, 10 and 30 servers. */
export interface StartupReport {
  rounds: number;
  cores: number;
  /** Median of the one-server runs: the unit of the budget (so N = 1 is 1.0 by construction). */
  oneServerMs: number;
  rows: StartupRow[];
  goals: Goal[];
}

/**
 * Starts hosts of N echo.mjs servers, each in a fresh data dir (no cached era verdicts), and
 * times start → all ready. The counts are interleaved round by round (one server twice a
 * round, as it is the unit of every budget) so all of them see the same machine conditions.
 */
export async function benchStartup(ctx: BenchContext): Promise<StartupReport> {
  const samples = new Map<number, number[]>(COUNTS.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const n of ROUND) samples.get(n)?.push(await timeStartup(ctx, n));
  }
  const oneServerMs = summarize(samples.get(1) ?? []).median;
  const rows = COUNTS.map((n): StartupRow => {
    const ms = summarize(samples.get(n) ?? []);
    const idealMs = Math.ceil(n / ctx.cores) * oneServerMs;
    return { servers: n, ms, idealMs: round(idealMs), ratio: round(ms.median / idealMs) };
  });
  return {
    rounds: ROUNDS,
    cores: ctx.cores,
    oneServerMs,
    rows,
    goals: rows.map((row) =>
      atMost(
        `startup.${row.servers}`,
        `${row.servers} servers start → all ready, median / (⌈N/cores⌉ × one server)`,
        row.ratio,
        LIMIT,
        'ratio',
      ),
    ),
  };
}

async function timeStartup(ctx: BenchContext, count: number): Promise<number> {
  const script = fixtureServer('echo.mjs');
  const servers: Record<string, BenchServer> = {};
  for (let i = 1; i <= count; i++) {
    servers[`echo-${String(i).padStart(2, '0')}`] = { command: process.execPath, args: [script] };
  }
  const host = await BenchHost.create({ root: ctx.root, servers, janitor: ctx.janitor });
  try {
    const started = performance.now();
    await host.mcp.start();
    await host.whenAllReady(120_000);
    return performance.now() - started;
  } finally {
    await host.dispose();
    // Exiting servers still use CPU for a moment; keep that out of the next measurement.
    await sleep(300);
  }
}
