import { createHash } from 'node:crypto';
import type { BenchContext } from './BenchContext';
import { BenchHost } from './BenchHost';
import { fixtureServer } from './fixtureServer';
import { atMost, holds, type Goal } from './Goal';
import { RawJsonRpcPipe } from './RawJsonRpcPipe';
import { round, summarize, type Summary } from './summarize';

const BYTES = 20 * 1024 * 1024;
const ROUNDS = 3;
const LIMIT = 2;

/** Goal 3: one 20 MB tool result through the host vs through a raw pipe. */
export interface HugeResultReport {
  bytes: number;
  /** Size of the JSON-RPC response line on the wire. */
  responseBytes: number;
  rounds: number;
  hostEra: string;
  hostMs: Summary;
  rawMs: Summary;
  ratio: number;
  /** A small call on the same connection after the big ones worked, same server process. */
  survived: boolean;
  goals: Goal[];
}

/**
 * Times `huge{bytes: 20 MiB}` on huge-result.mjs: host = McpService → callTool (result parsed,
 * validated and recorded), raw = a second server process fed JSON-RPC lines by hand, timed
 * from writing the request to the response's newline. One warm-up each, then rounds that
 * alternate which goes first. Every result is checked against the server's SHA-256.
 */
export async function benchHugeResult(ctx: BenchContext): Promise<HugeResultReport> {
  const script = fixtureServer('huge-result.mjs');
  const host = await BenchHost.create({
    root: ctx.root,
    servers: { huge: { command: process.execPath, args: [script] } },
    janitor: ctx.janitor,
  });
  const raw = await RawJsonRpcPipe.spawn(script, ctx.janitor);
  try {
    await host.mcp.start();
    await host.whenAllReady(30_000);
    const supervisor = host.supervisor('huge');
    const pidBefore = supervisor.pid;
    const status = supervisor.status;
    const hostEra = status.kind === 'ready' ? status.era : 'unknown';

    const init = raw.request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'switchboard-bench-raw', version: '1.0.0' },
    });
    const initialized = await init.response;
    if (initialized.message.error !== undefined) throw new Error('raw initialize failed');
    raw.notify('notifications/initialized');

    let nextId = 2;
    let responseBytes = 0;
    const viaRaw = async (bytes: number): Promise<number> => {
      const id = nextId++;
      const { sentAt, response } = raw.request(id, 'tools/call', {
        name: 'huge',
        arguments: { bytes },
      });
      const answer = await response;
      if (answer.message.id !== id)
        throw new Error(`raw: answer to ${String(answer.message.id)}, not ${id}`);
      expectIntact(answer.message.result, bytes);
      responseBytes = answer.bytes;
      return answer.arrivedAt - sentAt;
    };
    const viaHost = async (bytes: number): Promise<number> => {
      const started = performance.now();
      const result = await supervisor.callTool('huge', { bytes });
      const elapsed = performance.now() - started;
      expectIntact(result, bytes);
      return elapsed;
    };

    await viaRaw(BYTES);
    await viaHost(BYTES);
    const rawSamples: number[] = [];
    const hostSamples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        rawSamples.push(await viaRaw(BYTES));
        hostSamples.push(await viaHost(BYTES));
      } else {
        hostSamples.push(await viaHost(BYTES));
        rawSamples.push(await viaRaw(BYTES));
      }
    }
    const survived = await viaHost(64).then(
      () => supervisor.status.kind === 'ready' && supervisor.pid === pidBefore,
      () => false,
    );
    const hostMs = summarize(hostSamples);
    const rawMs = summarize(rawSamples);
    const ratio = round(hostMs.median / rawMs.median);
    return {
      bytes: BYTES,
      responseBytes,
      rounds: ROUNDS,
      hostEra,
      hostMs,
      rawMs,
      ratio,
      survived,
      goals: [
        atMost(
          'hugeResult.median',
          '20 MiB tool result, host/raw pipe, median',
          ratio,
          LIMIT,
          'ratio',
        ),
        holds(
          'hugeResult.survives',
          'the host connection serves another call afterwards',
          survived,
        ),
      ],
    };
  } finally {
    await raw.close();
    await host.dispose();
  }
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
