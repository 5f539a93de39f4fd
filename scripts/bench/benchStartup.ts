import type { BenchContext } from './BenchContext';
import { BenchHost, type BenchServer } from './BenchHost';
import { connectBareClient, type BareClient } from './connectBareClient';
import { fixtureServer } from './fixtureServer';
import { ratioGoal, type Goal } from './Goal';
import { sleep } from './sleep';
import { round, summarize, type Summary } from './summarize';

const COUNTS = [1, 10, 30] as const;
const ROUNDS = 5;
const LIMIT = 1.1;

/** One server count's startup times. */
export interface StartupRow {
  servers: number;
  hostMs: Summary;
  bareMs: Summary;
  /** Median host / median bare. */
  ratio: number;
}

/** Goal: starting N stdio servers, host against the bare SDK starting the same ones. */
export interface StartupReport {
  rounds: number;
  cores: number;
  era: string;
  rows: StartupRow[];
  goals: Goal[];
}

/**
 * Starts N echo.mjs servers (1, 10, 30) two ways and times start → every one ready with its
 * tool list: the host (`McpService.start()` over a servers file, each run in a fresh data dir
 * so no era verdict is cached) and bare SDK clients (`Client` + `StdioClientTransport`, era
 * negotiated as the host does, the same capabilities and list-change subscription, `listTools`
 * after connecting: the same requests as the host's), all N at once on both sides.
 * The machine's cores are the floor, so the goal is relative: same servers, same concurrency.
 * Every round runs each count on both sides, who goes first alternating.
 */
export async function benchStartup(ctx: BenchContext): Promise<StartupReport> {
  const host = new Map<number, number[]>(COUNTS.map((n) => [n, []]));
  const bare = new Map<number, number[]>(COUNTS.map((n) => [n, []]));
  // The era the host negotiates with echo.mjs; the bare clients speak the same.
  const era = await hostEra(ctx);
  // Compiles both code paths once before anything is timed.
  await timeHost(ctx, 1);
  await timeBare(ctx, 1, era);
  for (let r = 0; r < ROUNDS; r++) {
    for (const n of COUNTS) {
      if (r % 2 === 0) {
        host.get(n)?.push(await timeHost(ctx, n));
        bare.get(n)?.push(await timeBare(ctx, n, era));
      } else {
        bare.get(n)?.push(await timeBare(ctx, n, era));
        host.get(n)?.push(await timeHost(ctx, n));
      }
    }
  }
  const rows = COUNTS.map((n): StartupRow => {
    const hostMs = summarize(host.get(n) ?? []);
    const bareMs = summarize(bare.get(n) ?? []);
    return { servers: n, hostMs, bareMs, ratio: round(hostMs.median / bareMs.median) };
  });
  return {
    rounds: ROUNDS,
    cores: ctx.cores,
    era,
    rows,
    goals: rows.map((row) =>
      ratioGoal({
        id: `startup.${row.servers}`,
        text: `${row.servers} stdio servers: start → all ready with their tools, host / bare SDK, median`,
        measured: row.hostMs,
        baseline: row.bareMs,
        baselineWhat: `${row.servers} bare SDK clients connecting at once (same servers, same era) and listing tools`,
        limit: LIMIT,
      }),
    ),
  };
}

function echoServers(count: number): Record<string, BenchServer> {
  const script = fixtureServer('echo.mjs');
  const servers: Record<string, BenchServer> = {};
  for (let i = 1; i <= count; i++) {
    servers[`echo-${String(i).padStart(2, '0')}`] = { command: process.execPath, args: [script] };
  }
  return servers;
}

async function hostEra(ctx: BenchContext): Promise<'legacy' | 'modern'> {
  const host = await BenchHost.create({
    root: ctx.root,
    servers: echoServers(1),
    janitor: ctx.janitor,
  });
  try {
    await host.mcp.start();
    await host.whenAllReady(30_000);
    const status = host.mcp.registry.list()[0]?.status;
    return status?.kind === 'ready' && status.era === 'modern' ? 'modern' : 'legacy';
  } finally {
    await host.dispose();
  }
}

async function timeHost(ctx: BenchContext, count: number): Promise<number> {
  const host = await BenchHost.create({
    root: ctx.root,
    servers: echoServers(count),
    janitor: ctx.janitor,
  });
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

async function timeBare(
  ctx: BenchContext,
  count: number,
  era: 'legacy' | 'modern',
): Promise<number> {
  const script = fixtureServer('echo.mjs');
  const clients: BareClient[] = [];
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, async () => {
        const bare = await connectBareClient(script, era, ctx.janitor);
        clients.push(bare);
        await bare.client.listTools();
      }),
    );
    return performance.now() - started;
  } finally {
    await Promise.all(clients.map((c) => c.client.close()));
    await sleep(300);
  }
}
