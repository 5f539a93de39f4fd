import type { BenchContext } from './BenchContext';
import { BenchHost } from './BenchHost';
import { connectBareClient } from './connectBareClient';
import { fixtureServer } from './fixtureServer';
import { atMost, type Goal } from './Goal';
import { mainCpuPerCall } from './mainCpuPerCall';
import { round, summarize, type Summary } from './summarize';

const WARMUP_CALLS = 100;
// p99 of 1000 is the 990th value: ten calls above it, so one scheduling hiccup moves it less.
const MEASURED_CALLS = 1000;
const LIMIT = 1.5;
const CPU_CALLS = 1000;

/** Goal 1: `echo` round trips through the host's MCP layer and through a bare SDK client. */
export interface ToolCallReport {
  server: string;
  warmupCalls: number;
  calls: number;
  hostEra: string;
  bareEra: string;
  hostMs: Summary;
  bareMs: Summary;
  ratio: { median: number; p99: number };
  /** Main-process CPU per call (µs), in alternating blocks of back-to-back calls. */
  mainCpuUsPerCall: { calls: number; host: number; bare: number; ratio: number };
  goals: Goal[];
}

/**
 * Times `echo{text}` on echo.mjs: host = McpService → ServerSupervisor.callTool, bare = the
 * SDK `Client` over `StdioClientTransport`, both servers running at once. Calls alternate
 * host/bare (swapping who goes first each round) so drift in machine load hits both alike.
 * Main-process CPU per call is measured too: it tells the host's own cost apart from noise.
 */
export async function benchToolCall(ctx: BenchContext): Promise<ToolCallReport> {
  const script = fixtureServer('echo.mjs');
  const host = await BenchHost.create({
    root: ctx.root,
    servers: { echo: { command: process.execPath, args: [script] } },
    janitor: ctx.janitor,
  });
  try {
    await host.mcp.start();
    await host.whenAllReady(30_000);
    const supervisor = host.supervisor('echo');
    const status = supervisor.status;
    const hostEra = status.kind === 'ready' ? status.era : 'unknown';
    const bare = await connectBareClient(
      script,
      hostEra === 'modern' ? 'modern' : 'legacy',
      ctx.janitor,
    );
    try {
      let n = 0;
      const viaHost = async (): Promise<number> => {
        const text = `host ${n++}`;
        const started = performance.now();
        const result = await supervisor.callTool('echo', { text });
        const elapsed = performance.now() - started;
        expectEcho(result.content, text);
        return elapsed;
      };
      const viaBare = async (): Promise<number> => {
        const text = `bare ${n++}`;
        const started = performance.now();
        const result = await bare.client.callTool({ name: 'echo', arguments: { text } });
        const elapsed = performance.now() - started;
        expectEcho(result.content, text);
        return elapsed;
      };
      for (let i = 0; i < WARMUP_CALLS; i++) {
        await viaHost();
        await viaBare();
      }
      const hostSamples: number[] = [];
      const bareSamples: number[] = [];
      for (let i = 0; i < MEASURED_CALLS; i++) {
        if (i % 2 === 0) {
          hostSamples.push(await viaHost());
          bareSamples.push(await viaBare());
        } else {
          bareSamples.push(await viaBare());
          hostSamples.push(await viaHost());
        }
      }
      const cpu = await mainCpuPerCall(CPU_CALLS, viaHost, viaBare);
      const hostMs = summarize(hostSamples);
      const bareMs = summarize(bareSamples);
      const ratio = {
        median: round(hostMs.median / bareMs.median),
        p99: round(hostMs.p99 / bareMs.p99),
      };
      return {
        server: 'echo.mjs',
        warmupCalls: WARMUP_CALLS,
        calls: MEASURED_CALLS,
        hostEra,
        bareEra: bare.era,
        hostMs,
        bareMs,
        ratio,
        mainCpuUsPerCall: {
          calls: cpu.calls,
          host: cpu.a,
          bare: cpu.b,
          ratio: round(cpu.a / cpu.b),
        },
        goals: [
          atMost(
            'toolCall.median',
            'echo round trip, host/bare, median',
            ratio.median,
            LIMIT,
            'ratio',
          ),
          atMost('toolCall.p99', 'echo round trip, host/bare, p99', ratio.p99, LIMIT, 'ratio'),
        ],
      };
    } finally {
      await bare.client.close();
    }
  } finally {
    await host.dispose();
  }
}

/** A wrong answer would make the timing meaningless: fail the benchmark instead. */
function expectEcho(content: unknown, text: string): void {
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  if (first?.text !== text)
    throw new Error(`echo returned ${JSON.stringify(content)}, expected "${text}"`);
}
