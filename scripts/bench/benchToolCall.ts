import type { BenchContext } from './BenchContext';
import { BenchHost } from './BenchHost';
import { BenchShell } from './BenchShell';
import { connectBareClient } from './connectBareClient';
import { fixtureServer } from './fixtureServer';
import { ratioGoal, type Goal } from './Goal';
import { mainCpuPerCall } from './mainCpuPerCall';
import { processCpuMs } from './procStats';
import { startSocketRelay } from './startSocketRelay';
import { round, summarize, type Summary } from './summarize';

const WARMUP_CALLS = 100;
// p99 of 1000 is the 990th value: ten calls above it, so one scheduling hiccup moves it less.
const MEASURED_CALLS = 1000;
const MEDIAN_LIMIT = 1.3;
const P99_LIMIT = 1.8;
/** The host's own share of a window's call: its path over the relay floor (issue goal). */
const OVER_RELAY_LIMIT = 1.15;
const CPU_CALLS = 1000;

/** One way of making the call: a name and a timed call. */
interface Path {
  name: 'socket' | 'relay' | 'inProcess' | 'bare';
  call: () => Promise<number>;
  samples: number[];
}

/** Goal 1: `echo` round trips through the web shell's socket, in process, and bare. */
export interface ToolCallReport {
  server: string;
  warmupCalls: number;
  calls: number;
  hostEra: string;
  bareEra: string;
  /** Window → socket → dispatcher → session → server and back, in ms. */
  socketMs: Summary;
  /**
   * The floor of the window's path: the same socket frames to a process that is nothing but a
   * WebSocket in front of a bare SDK client (socketRelay.mjs), in ms. The socket path's extra
   * process hop (two more wake-ups and four more socket reads/writes per call) is in it too.
   */
  relayMs: Summary;
  /** McpService → ServerSupervisor.callTool in this process, in ms. */
  inProcessMs: Summary;
  /** The SDK's `Client` over its own stdio transport, in ms. */
  bareMs: Summary;
  ratio: {
    socket: { median: number; p99: number };
    /** The floor over bare: what the extra hop alone costs on this machine. */
    relay: { median: number; p99: number };
    /** The window's path over its floor: what the host adds to the hop. */
    socketOverRelay: { median: number; p99: number };
    inProcess: { median: number; p99: number };
  };
  /**
   * CPU per call (µs): the shell process for socket calls, the relay process for relay calls
   * (their difference is the host's own work per call), this process for the others.
   */
  cpuUsPerCall: { shellProcess: number; relayProcess: number; inProcess: number; bare: number };
  goals: Goal[];
}

/**
 * Times `echo{text}` on echo.mjs four ways, each with its own server process and all running
 * at once: through the built web shell (production mode) over its WebSocket, as a window calls
 * a tool (`mcp.callTool`); through a bare relay doing only that hop (the floor of the window's
 * path); through the host's MCP layer in this process; and through a bare SDK client speaking
 * the era the host negotiated. Every round makes one call of each, the order rotating, so
 * drift in machine load hits all alike.
 */
export async function benchToolCall(ctx: BenchContext): Promise<ToolCallReport> {
  const script = fixtureServer('echo.mjs');
  const servers = { echo: { command: process.execPath, args: [script] } };
  const shell = await BenchShell.start(ctx, servers);
  try {
    const host = await BenchHost.create({ root: ctx.root, servers, janitor: ctx.janitor });
    try {
      await host.mcp.start();
      await host.whenAllReady(30_000);
      const [view] = await shell.whenAllReady(30_000);
      const supervisor = host.supervisor('echo');
      const status = supervisor.status;
      const hostEra = status.kind === 'ready' ? status.era : 'unknown';
      const shellEra = view?.status.kind === 'ready' ? view.status.era : 'unknown';
      if (shellEra !== hostEra) throw new Error(`eras differ: ${shellEra} / ${hostEra}`);
      const bare = await connectBareClient(
        script,
        hostEra === 'modern' ? 'modern' : 'legacy',
        ctx.janitor,
      );
      const relay = await startSocketRelay(
        script,
        hostEra === 'modern' ? 'modern' : 'legacy',
        ctx.janitor,
      );
      try {
        let n = 0;
        const timed = async (run: (text: string) => Promise<unknown>): Promise<number> => {
          const text = `call ${n++}`;
          const started = performance.now();
          const content = await run(text);
          const elapsed = performance.now() - started;
          expectEcho(content, text);
          return elapsed;
        };
        const viaSocket = (text: string): Promise<unknown> =>
          shell.socket
            .value('mcp.callTool', { server: 'echo', tool: 'echo', arguments: { text } })
            .then((value) => (value as { result: { content?: unknown } }).result.content);
        const viaRelay = (text: string): Promise<unknown> =>
          relay.socket
            .value('mcp.callTool', { tool: 'echo', arguments: { text } })
            .then((value) => (value as { result: { content?: unknown } }).result.content);
        const viaHost = (text: string): Promise<unknown> =>
          supervisor.callTool('echo', { text }).then((result) => result.content);
        const viaBare = (text: string): Promise<unknown> =>
          bare.client
            // A progress callback makes the SDK send a progressToken, as the host always does.
            .callTool({ name: 'echo', arguments: { text } }, { onprogress: () => undefined })
            .then((result) => result.content);
        const paths: Path[] = [
          { name: 'socket', call: () => timed(viaSocket), samples: [] },
          { name: 'relay', call: () => timed(viaRelay), samples: [] },
          { name: 'inProcess', call: () => timed(viaHost), samples: [] },
          { name: 'bare', call: () => timed(viaBare), samples: [] },
        ];
        for (let i = 0; i < WARMUP_CALLS; i++) for (const path of paths) await path.call();
        for (let i = 0; i < MEASURED_CALLS; i++) {
          for (const path of permutation(paths, i)) path.samples.push(await path.call());
        }
        const cpu = await mainCpuPerCall(
          CPU_CALLS,
          () => timed(viaHost),
          () => timed(viaBare),
        );
        const shellCpuBefore = processCpuMs(shell.process.pid);
        for (let i = 0; i < CPU_CALLS; i++) await timed(viaSocket);
        const shellCpuUs = ((processCpuMs(shell.process.pid) - shellCpuBefore) * 1000) / CPU_CALLS;
        const relayPid = relay.pid;
        if (relayPid === undefined) throw new Error('the socket relay has no process id');
        const relayCpuBefore = processCpuMs(relayPid);
        for (let i = 0; i < CPU_CALLS; i++) await timed(viaRelay);
        const relayCpuUs = ((processCpuMs(relayPid) - relayCpuBefore) * 1000) / CPU_CALLS;

        const [socketMs, relayMs, inProcessMs, bareMs] = paths.map((p) => summarize(p.samples)) as [
          Summary,
          Summary,
          Summary,
          Summary,
        ];
        const bareWhat = 'bare SDK Client → its StdioClientTransport → echo.mjs, same era';
        const goals = [
          ratioGoal({
            id: 'toolCall.socketOverRelay.median',
            text: 'echo round trip through the web shell socket (window path) / the same frames through a bare relay (the floor of that path), median',
            measured: socketMs,
            baseline: relayMs,
            baselineWhat:
              'socketRelay.mjs: a WebSocket in front of a bare SDK Client → StdioClientTransport → echo.mjs, same era',
            limit: OVER_RELAY_LIMIT,
          }),
          ratioGoal({
            id: 'toolCall.inProcess.median',
            text: 'echo round trip through the MCP layer in process / bare SDK, median',
            measured: inProcessMs,
            baseline: bareMs,
            baselineWhat: bareWhat,
            limit: MEDIAN_LIMIT,
          }),
          ratioGoal({
            id: 'toolCall.inProcess.p99',
            text: 'echo round trip through the MCP layer in process / bare SDK, p99',
            measured: inProcessMs,
            baseline: bareMs,
            baselineWhat: bareWhat,
            stat: 'p99',
            limit: P99_LIMIT,
          }),
        ];
        return {
          server: 'echo.mjs',
          warmupCalls: WARMUP_CALLS,
          calls: MEASURED_CALLS,
          hostEra,
          bareEra: bare.era,
          socketMs,
          relayMs,
          inProcessMs,
          bareMs,
          ratio: {
            socket: {
              median: round(socketMs.median / bareMs.median),
              p99: round(socketMs.p99 / bareMs.p99),
            },
            relay: {
              median: round(relayMs.median / bareMs.median),
              p99: round(relayMs.p99 / bareMs.p99),
            },
            socketOverRelay: {
              median: round(socketMs.median / relayMs.median),
              p99: round(socketMs.p99 / relayMs.p99),
            },
            inProcess: {
              median: round(inProcessMs.median / bareMs.median),
              p99: round(inProcessMs.p99 / bareMs.p99),
            },
          },
          cpuUsPerCall: {
            shellProcess: round(shellCpuUs),
            relayProcess: round(relayCpuUs),
            inProcess: cpu.a,
            bare: cpu.b,
          },
          goals,
        };
      } finally {
        await relay.stop();
        await bare.client.close();
      }
    } finally {
      await host.dispose();
    }
  } finally {
    await shell.stop();
  }
}

/** The `i`-th of the rotations of the paths, forwards and backwards in turn. */
function permutation(paths: readonly Path[], i: number): Path[] {
  const count = paths.length;
  const rotated = paths.map((_, k) => paths[(k + i) % count] as Path);
  return Math.floor(i / count) % 2 === 0 ? rotated : rotated.reverse();
}

/** A wrong answer would make the timing meaningless: fail the benchmark instead. */
function expectEcho(content: unknown, text: string): void {
  const first = Array.isArray(content) ? (content[0] as { text?: unknown } | undefined) : undefined;
  if (first?.text !== text)
    throw new Error(`echo returned ${JSON.stringify(content)}, expected "${text}"`);
}
