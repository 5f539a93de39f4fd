import { createHash } from 'node:crypto';
import type { TrafficEntry } from '../../shared/domain/mcpViews';
import { createDispatcher } from '../../main/ipc/createDispatcher';
import type { BenchContext } from './BenchContext';
import { once } from './chat/once';
import { createCoreHost } from './createCoreHost';
import { fixtureServer } from './fixtureServer';
import { holds, ratioGoal, type Goal } from './Goal';
import { RawJsonRpcPipe } from './RawJsonRpcPipe';
import { round, summarize, type Summary } from './summarize';

const BYTES = 20 * 1024 * 1024;
const ROUNDS = 5;
const LIMIT = 2;

/** Goal 3: one 20 MB tool result through the dispatcher vs through a plain byte pipe. */
export interface HugeResultReport {
  bytes: number;
  /** Size of the JSON-RPC response line on the wire. */
  responseBytes: number;
  rounds: number;
  hostEra: string;
  /** `mcp.callTool` through the dispatcher (production mode) → its envelope. */
  hostMs: Summary;
  /** The host's request bytes written to the same server, the answer read as bytes. */
  pipeMs: Summary;
  ratio: number;
  /** A small call on the same connection after the big ones worked, same server process. */
  survived: boolean;
  goals: Goal[];
}

/**
 * Times `huge{bytes: 20 MiB}` on huge-result.mjs. Host: the host core as every shell wires it,
 * called through the contract's dispatcher as a window's request is (`mcp.callTool`, input
 * validated, the result parsed by the session and put in an envelope; outputs unchecked, as in
 * production). Baseline: a second process of the same server, sent the very lines the host
 * sent it (handshake included, then the host's own `tools/call` line with a fresh id), the
 * answer read off the pipe as bytes up to its newline: moving the bytes and nothing else.
 * One warm-up each, then rounds that alternate which goes first; every result is checked
 * against the server's SHA-256 (after the clock stopped).
 */
export async function benchHugeResult(ctx: BenchContext): Promise<HugeResultReport> {
  const script = fixtureServer('huge-result.mjs');
  const { core, log } = await createCoreHost(ctx.root, {
    servers: { huge: { command: process.execPath, args: [script] } },
  });
  const disposeCore = once(() => core.dispose());
  ctx.janitor.onCleanup(disposeCore);
  const pipe = await RawJsonRpcPipe.spawn(script, ctx.janitor);
  try {
    await core.mcp.settled(30_000);
    const supervisor = core.mcp.supervisor('huge');
    const track = supervisor.pid;
    if (track !== undefined) ctx.janitor.trackGroup(track);
    const status = supervisor.status;
    if (status.kind !== 'ready') throw new Error(`huge server: ${JSON.stringify(status)}`);
    const dispatch = createDispatcher(core.handlers, log.child('ipc'), { validateOutputs: false });

    const viaHost = async (bytes: number): Promise<number> => {
      const started = performance.now();
      const envelope = await dispatch('mcp.callTool', {
        server: 'huge',
        tool: 'huge',
        arguments: { bytes },
      });
      const elapsed = performance.now() - started;
      if (!envelope.ok) throw new Error(`host call failed: ${JSON.stringify(envelope.error)}`);
      expectIntact((envelope.value as { result: unknown }).result, bytes);
      return elapsed;
    };
    // One host call first: its request line is the one the pipe sends.
    await viaHost(BYTES);
    const traffic = supervisor.trafficSince();
    const sent = traffic.filter((e) => e.direction === 'out');
    const answered = new Set(
      traffic.filter((e) => e.direction === 'in' && e.id !== undefined).map((e) => String(e.id)),
    );
    await replayHandshake(pipe, sent, answered);
    const callLine = lastCall(sent);

    let nextId = 1_000_000;
    let responseBytes = 0;
    const viaPipe = async (): Promise<number> => {
      const id = nextId++;
      const { sentAt, response } = pipe.send(JSON.stringify({ ...callLine, id }));
      const answer = await response;
      if (answer.message.id !== id)
        throw new Error(`pipe: answer to ${String(answer.message.id)}, not ${id}`);
      expectIntact(answer.message.result, BYTES);
      responseBytes = answer.bytes;
      return answer.arrivedAt - sentAt;
    };

    await viaPipe();
    const pipeSamples: number[] = [];
    const hostSamples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        pipeSamples.push(await viaPipe());
        hostSamples.push(await viaHost(BYTES));
      } else {
        hostSamples.push(await viaHost(BYTES));
        pipeSamples.push(await viaPipe());
      }
    }
    const pidBefore = supervisor.pid;
    const survived = await viaHost(64).then(
      () => supervisor.status.kind === 'ready' && supervisor.pid === pidBefore,
      () => false,
    );
    const hostMs = summarize(hostSamples);
    const pipeMs = summarize(pipeSamples);
    return {
      bytes: BYTES,
      responseBytes,
      rounds: ROUNDS,
      hostEra: status.era,
      hostMs,
      pipeMs,
      ratio: round(hostMs.median / pipeMs.median),
      survived,
      goals: [
        ratioGoal({
          id: 'hugeResult.median',
          text: '20 MiB tool result: mcp.callTool through the dispatcher / the same bytes through a plain pipe, median',
          measured: hostMs,
          baseline: pipeMs,
          baselineWhat:
            'the host’s request lines written to another huge-result.mjs process, the answer read as bytes to its newline',
          limit: LIMIT,
        }),
        holds(
          'hugeResult.survives',
          'the host connection serves another call afterwards',
          survived,
        ),
      ],
    };
  } finally {
    await pipe.close();
    await disposeCore();
  }
}

type JsonRpcLine = { id?: unknown; method?: unknown } & Record<string, unknown>;

/**
 * The host's messages to the server before its first `tools/call`, sent again in order; a
 * request the host got no answer to (a 2026 `subscriptions/listen` stream) is only written.
 */
async function replayHandshake(
  pipe: RawJsonRpcPipe,
  sent: readonly TrafficEntry[],
  answered: ReadonlySet<string>,
) {
  for (const entry of sent) {
    if (entry.truncated) throw new Error(`a handshake message was cut: ${entry.preview}`);
    const message = JSON.parse(entry.preview) as JsonRpcLine;
    if (message.method === 'tools/call') return;
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    if (id === null || !answered.has(String(id))) {
      pipe.sendNotification(entry.preview);
      continue;
    }
    const answer = await pipe.send(entry.preview).response;
    if (answer.message.id !== message.id)
      throw new Error(`pipe handshake: answer to ${String(answer.message.id)}`);
  }
  throw new Error('the host sent no tools/call');
}

/** The host's last `tools/call` request, parsed (it is sent again with a new id). */
function lastCall(sent: readonly TrafficEntry[]): JsonRpcLine {
  const entry = sent.findLast((e) => e.method === 'tools/call' && e.kind === 'request');
  if (!entry || entry.truncated) throw new Error('no whole tools/call request from the host');
  return JSON.parse(entry.preview) as JsonRpcLine;
}

/** Checks the text block against the SHA-256 block the server computed. */
function expectIntact(result: unknown, bytes: number): void {
  const content = (result as { content?: { text?: unknown }[] } | undefined)?.content;
  const text = content?.[0]?.text;
  const digest = content?.[1]?.text;
  if (typeof text !== 'string' || text.length !== bytes) {
    throw new Error(`huge: expected ${bytes} characters of text`);
  }
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (digest !== `sha256:${sha256}`) throw new Error('huge: the text does not match its SHA-256');
}
