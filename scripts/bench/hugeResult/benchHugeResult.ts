import { createDispatcher } from '../../../main/ipc/createDispatcher';
import type { BenchContext } from '../BenchContext';
import { BenchShell } from '../BenchShell';
import { once } from '../chat/once';
import { createCoreHost } from '../createCoreHost';
import { fixtureServer } from '../fixtureServer';
import { holds, ratioGoal, type Goal } from '../Goal';
import { RawJsonRpcPipe } from '../RawJsonRpcPipe';
import type { ShellSocket } from '../ShellSocket';
import { round, summarize, type Summary } from '../summarize';
import { checkMessageCap, type MessageCapReport } from './checkMessageCap';
import { expectIntact } from './expectIntact';
import { handshakeSteps, lastCall, replayHandshake } from './replayHandshake';
import { startResultRelay } from './startResultRelay';

/** The result sizes timed, in bytes of text (1, 10 and 50 MB). */
const SIZES = [
  { label: '1MB', bytes: 1_000_000, rounds: 9 },
  { label: '10MB', bytes: 10_000_000, rounds: 7 },
  { label: '50MB', bytes: 50_000_000, rounds: 5 },
] as const;
const LIMIT = 2;
const PIPE_WHAT =
  'the host’s request lines written to another huge-result.mjs process, the answer read as bytes to its newline';

/** One size: the three ways side by side. */
export interface HugeResultSize {
  label: string;
  bytes: number;
  /** Size of the JSON-RPC response line on the wire. */
  responseBytes: number;
  /** Window → web shell socket → dispatcher → session → server and back, parsed as a window does. */
  socketMs: Summary;
  /** `mcp.callTool` through the dispatcher of a host core in this process → its envelope. */
  inProcessMs: Summary;
  /** The same bytes through a plain pipe. */
  pipeMs: Summary;
  /**
   * The floor of a window's path: a process that only decodes and parses each answer (as any
   * host must, to know what it answers) and frames its bytes for the same socket client.
   */
  floorMs: Summary;
  /**
   * The hop alone: the same relay, each answer framed without being decoded or parsed. What the
   * floor takes over it is what parsing an answer costs on this machine.
   */
  hopMs: Summary;
  ratio: {
    socket: number;
    inProcess: number;
    floor: number;
    hop: number;
    socketOverFloor: number;
  };
}

/** Results of 1–50 MB through the paths a window and a host core use, vs a byte pipe. */
export interface HugeResultReport {
  hostEra: string;
  sizes: HugeResultSize[];
  /** A small call on the same connection after the big ones worked, same server process. */
  survived: boolean;
  cap: MessageCapReport;
  goals: Goal[];
}

/**
 * Times `huge{bytes}` on huge-result.mjs at 1, 10 and 50 MB three ways, each with its own
 * server process: through the built web shell (production mode) over its WebSocket as a window
 * calls a tool (`mcp.callTool`, the frame parsed as a window parses it); through the host core
 * as every shell wires it, called through the contract's dispatcher in this process; and,
 * the baseline, a plain pipe to a third process of the server, sent the very lines the host
 * sent (handshake included, then the host's own `tools/call` line with a fresh id), the answer
 * read off the pipe as bytes up to its newline. Reported beside them, not a goal: the floor of
 * the socket's path, resultRelay.mjs (the host's lines again, each answer decoded, parsed and
 * framed as it came), read by the same socket client, and the same relay framing each answer
 * unparsed (the hop alone). One warm-up each per size, then rounds that
 * rotate the order; every result is checked against the server's SHA-256 after the clock
 * stopped. Then the stdio message cap, through the socket (see {@link checkMessageCap}).
 */
export async function benchHugeResult(ctx: BenchContext): Promise<HugeResultReport> {
  const script = fixtureServer('huge-result.mjs');
  const servers = { huge: { command: process.execPath, args: [script] } };
  const shell = await BenchShell.start(ctx, servers);
  const stopShell = once(() => shell.stop());
  ctx.janitor.onCleanup(stopShell);
  const { core, log } = await createCoreHost(ctx.root, { servers });
  const disposeCore = once(() => core.dispose());
  ctx.janitor.onCleanup(disposeCore);
  const pipe = await RawJsonRpcPipe.spawn(script, ctx.janitor);
  const relays: (() => Promise<void>)[] = [];
  const stopRelays = async (): Promise<void> => {
    for (const stop of relays.splice(0)) await stop();
  };
  try {
    await core.mcp.settled(30_000);
    await shell.whenAllReady(30_000);
    const supervisor = core.mcp.supervisor('huge');
    const track = supervisor.pid;
    if (track !== undefined) ctx.janitor.trackGroup(track);
    const status = supervisor.status;
    if (status.kind !== 'ready') throw new Error(`huge server: ${JSON.stringify(status)}`);
    const dispatch = createDispatcher(core.handlers, log.child('ipc'), { validateOutputs: false });
    const input = (bytes: number) => ({ server: 'huge', tool: 'huge', arguments: { bytes } });

    const viaInProcess = async (bytes: number): Promise<number> => {
      const started = performance.now();
      const envelope = await dispatch('mcp.callTool', input(bytes));
      const elapsed = performance.now() - started;
      if (!envelope.ok) throw new Error(`host call failed: ${JSON.stringify(envelope.error)}`);
      expectIntact((envelope.value as { result: unknown }).result, bytes);
      return elapsed;
    };
    /** A call over a socket as a window makes it, timed to the parsed frame, then checked. */
    const overSocket =
      (socket: ShellSocket) =>
      async (bytes: number): Promise<number> => {
        const started = performance.now();
        const value = await socket.value('mcp.callTool', input(bytes));
        const elapsed = performance.now() - started;
        expectIntact((value as { result: unknown }).result, bytes);
        return elapsed;
      };
    const viaSocket = overSocket(shell.socket);
    // One host call first: its request line is the one the pipe sends.
    await viaInProcess(1000);
    const traffic = supervisor.trafficSince();
    const sent = traffic.filter((e) => e.direction === 'out');
    const answered = new Set(
      traffic.filter((e) => e.direction === 'in' && e.id !== undefined).map((e) => String(e.id)),
    );
    const handshake = handshakeSteps(sent, answered);
    await replayHandshake(pipe, handshake);
    const callLine = lastCall(sent);
    const startRelay = async (options: { unparsed?: boolean }) => {
      const relay = await startResultRelay(
        script,
        { handshake, call: callLine },
        ctx.root,
        ctx.janitor,
        options,
      );
      relays.push(relay.stop);
      return overSocket(relay.socket);
    };
    const viaFloor = await startRelay({});
    const viaHop = await startRelay({ unparsed: true });
    const params = callLine.params as { arguments: Record<string, unknown> };

    let nextId = 1_000_000;
    let responseBytes = 0;
    const viaPipe = async (bytes: number): Promise<number> => {
      const id = nextId++;
      const line = { ...callLine, id, params: { ...params, arguments: { bytes } } };
      const { sentAt, response } = pipe.send(JSON.stringify(line));
      const answer = await response;
      if (answer.message.id !== id)
        throw new Error(`pipe: answer to ${String(answer.message.id)}, not ${id}`);
      expectIntact(answer.message.result, bytes);
      responseBytes = answer.bytes;
      return answer.arrivedAt - sentAt;
    };

    const sizes: HugeResultSize[] = [];
    const goals: Goal[] = [];
    for (const size of SIZES) {
      const paths = [
        { call: viaSocket, samples: [] as number[] },
        { call: viaInProcess, samples: [] as number[] },
        { call: viaPipe, samples: [] as number[] },
        { call: viaFloor, samples: [] as number[] },
        { call: viaHop, samples: [] as number[] },
      ];
      for (const path of paths) await path.call(size.bytes);
      for (let i = 0; i < size.rounds; i++) {
        for (const path of rotation(paths, i)) path.samples.push(await path.call(size.bytes));
      }
      const [socketMs, inProcessMs, pipeMs, floorMs, hopMs] = paths.map((p) =>
        summarize(p.samples),
      ) as [Summary, Summary, Summary, Summary, Summary];
      sizes.push({
        label: size.label,
        bytes: size.bytes,
        responseBytes,
        socketMs,
        inProcessMs,
        pipeMs,
        floorMs,
        hopMs,
        ratio: {
          socket: round(socketMs.median / pipeMs.median),
          inProcess: round(inProcessMs.median / pipeMs.median),
          floor: round(floorMs.median / pipeMs.median),
          hop: round(hopMs.median / pipeMs.median),
          socketOverFloor: round(socketMs.median / floorMs.median),
        },
      });
      goals.push(
        ratioGoal({
          id: `hugeResult.socket.${size.label}.median`,
          text: `${size.label} tool result through the web shell socket as a window calls a tool (mcp.callTool, parsed) / the same bytes through a plain pipe, median`,
          measured: socketMs,
          baseline: pipeMs,
          baselineWhat: PIPE_WHAT,
          limit: LIMIT,
        }),
        ratioGoal({
          id: `hugeResult.inProcess.${size.label}.median`,
          text: `${size.label} tool result through the host core's dispatcher in process (mcp.callTool) / the same bytes through a plain pipe, median`,
          measured: inProcessMs,
          baseline: pipeMs,
          baselineWhat: PIPE_WHAT,
          limit: LIMIT,
        }),
      );
    }
    const pidBefore = supervisor.pid;
    const survived = await viaInProcess(64).then(
      () => supervisor.status.kind === 'ready' && supervisor.pid === pidBefore,
      () => false,
    );
    goals.push(
      holds(
        'hugeResult.inProcess.survives',
        'the host connection serves another call afterwards',
        survived,
      ),
    );
    // The core, the pipe and the relays are done: their memory is not the shell's, but the machine's.
    await stopRelays();
    await pipe.close();
    await disposeCore();
    const cap = await checkMessageCap(shell, 'huge');
    goals.push(...cap.goals);
    return { hostEra: status.era, sizes, survived, cap: cap.report, goals };
  } finally {
    await stopRelays();
    await pipe.close();
    await disposeCore();
    await stopShell();
  }
}

/** The `i`-th rotation of `items`, forwards and backwards in turn, so no path always goes first. */
function rotation<T>(items: readonly T[], i: number): T[] {
  const rotated = items.map((_, k) => items[(k + i) % items.length] as T);
  return Math.floor(i / items.length) % 2 === 0 ? rotated : rotated.reverse();
}
