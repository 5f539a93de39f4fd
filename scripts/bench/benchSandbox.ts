import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '../../main/platform/Logger';
import {
  ServerSandboxing,
  sharedSandboxSession,
} from '../../main/services/sandbox/ServerSandboxing';
import type { StdioServerConfig } from '../../shared/domain/serverConfig';
import type { BenchContext } from './BenchContext';
import { BenchHost, type BenchServer } from './BenchHost';
import { fixtureServer } from './fixtureServer';
import { ratioGoal, type Goal } from './Goal';
import { sleep } from './sleep';
import { round, summarize, type Summary } from './summarize';

const START_ROUNDS = 10;
const WRAPS = 20;
const CALLS = 1000;
const READY_LIMIT = 1.5;
const CALL_LIMIT = 1.1;

/** Goal: a sandboxed server costs little more to start and nothing noticeable per call. */
export interface SandboxReport {
  /** The first sandboxed start in a process also loads and initializes the runtime (once). */
  firstStartMs: number;
  /**
   * The host-side part of a sandboxed start: the runtime's wrap of the command (its rules
   * walked, the protected-files scan of the working folder, bubblewrap's arguments built).
   */
  wrapMs: Summary;
  ready: { sandboxedMs: Summary; plainMs: Summary; ratio: number };
  toolCall: { sandboxedMs: Summary; plainMs: Summary; ratio: number };
  goals: Goal[];
}

/**
 * The same server (echo.mjs) started and called by the host two ways: in the sandbox
 * (bubblewrap, the filtering proxy, the write monitor) and as usual. Time to ready: start →
 * ready with its tools, each start in a fresh data dir, the two ways alternating who goes
 * first; the first sandboxed start of the process (which also loads and initializes the
 * runtime, once per app run) is reported apart, and so is the wrap alone (`wrapMs`, the host side
 * of a start). Tool-call latency: one host with both servers
 * ready, `echo` called on each in turn, median of each side.
 */
export async function benchSandbox(ctx: BenchContext): Promise<SandboxReport> {
  let calls: { sandboxed: number[]; plain: number[] };
  const sandboxed: number[] = [];
  const plain: number[] = [];
  let firstStartMs: number;
  let wraps: number[];
  try {
    firstStartMs = round(await timeStart(ctx, true));
    wraps = await timeWraps(ctx);
    for (let r = 0; r < START_ROUNDS; r++) {
      const order = r % 2 === 0 ? [true, false] : [false, true];
      for (const boxed of order) (boxed ? sandboxed : plain).push(await timeStart(ctx, boxed));
    }
    calls = await timeCalls(ctx);
  } finally {
    // The runtime's proxies and monitor: stopped as the app stops them when it quits.
    await sharedSandboxSession().dispose();
  }
  const ready = summaries(sandboxed, plain);
  const toolCall = summaries(calls.sandboxed, calls.plain);
  return {
    firstStartMs,
    wrapMs: summarize(wraps),
    ready,
    toolCall,
    goals: [
      ratioGoal({
        id: 'sandbox.ready',
        text: 'a stdio server in the sandbox: start → ready with its tools, sandboxed / unsandboxed, median',
        measured: ready.sandboxedMs,
        baseline: ready.plainMs,
        baselineWhat: 'the same server started unsandboxed by the same host',
        limit: READY_LIMIT,
      }),
      ratioGoal({
        id: 'sandbox.toolCall',
        text: 'a tool call to a sandboxed server, sandboxed / unsandboxed, median',
        measured: toolCall.sandboxedMs,
        baseline: toolCall.plainMs,
        baselineWhat: 'the same call to the same server running unsandboxed in the same host',
        limit: CALL_LIMIT,
      }),
    ],
  };
}

function echo(sandboxEnabled: boolean): BenchServer {
  return { command: process.execPath, args: [fixtureServer('echo.mjs')], sandboxEnabled };
}

async function timeStart(ctx: BenchContext, sandboxed: boolean): Promise<number> {
  const host = await BenchHost.create({
    root: ctx.root,
    servers: { echo: echo(sandboxed) },
    janitor: ctx.janitor,
  });
  try {
    const started = performance.now();
    await host.mcp.start();
    await host.whenAllReady(60_000);
    return performance.now() - started;
  } finally {
    await host.dispose();
    // Exiting servers still use CPU for a moment; keep that out of the next measurement.
    await sleep(300);
  }
}

/** The sandbox's wrap alone, as a start makes it (nothing is spawned). */
async function timeWraps(ctx: BenchContext): Promise<number[]> {
  const dataDir = await mkdtemp(join(ctx.root, 'wraps-'));
  const sandboxing = new ServerSandboxing({
    dataDir,
    log: createLogger({ consoleLevel: 'silent' }),
  });
  // Only what the wrapper reads of an entry.
  const config = {
    name: 'echo',
    transport: 'stdio',
    disabled: false,
    ...echo(true),
    env: {},
  } as unknown as StdioServerConfig;
  const wrap = sandboxing.wrapperFor(config);
  if (!wrap) throw new Error('the echo server is not sandboxed');
  const times: number[] = [];
  for (let i = 0; i < WRAPS; i++) {
    const started = performance.now();
    const launch = await wrap({
      program: process.execPath,
      args: [fixtureServer('echo.mjs')],
      env: {},
      cwd: undefined,
    });
    times.push(performance.now() - started);
    launch.release();
  }
  await sandboxing.dispose();
  return times;
}

async function timeCalls(ctx: BenchContext): Promise<{ sandboxed: number[]; plain: number[] }> {
  const host = await BenchHost.create({
    root: ctx.root,
    servers: { boxed: echo(true), plain: echo(false) },
    janitor: ctx.janitor,
  });
  const times = { sandboxed: [] as number[], plain: [] as number[] };
  try {
    await host.mcp.start();
    await host.whenAllReady(60_000);
    const call = async (server: 'boxed' | 'plain'): Promise<number> => {
      const started = performance.now();
      await host.supervisor(server).callTool('echo', { text: 'x'.repeat(200) });
      return performance.now() - started;
    };
    // Warm both paths (JIT, the SDK's schema caches) before anything is timed.
    for (let i = 0; i < 30; i++) await Promise.all([call('boxed'), call('plain')]);
    for (let i = 0; i < CALLS; i++) {
      if (i % 2 === 0) {
        times.sandboxed.push(await call('boxed'));
        times.plain.push(await call('plain'));
      } else {
        times.plain.push(await call('plain'));
        times.sandboxed.push(await call('boxed'));
      }
    }
    return times;
  } finally {
    await host.dispose();
  }
}

function summaries(
  sandboxed: number[],
  plain: number[],
): { sandboxedMs: Summary; plainMs: Summary; ratio: number } {
  const sandboxedMs = summarize(sandboxed);
  const plainMs = summarize(plain);
  return { sandboxedMs, plainMs, ratio: round(sandboxedMs.median / plainMs.median) };
}
