import type { TrafficEntry } from '../../../shared/domain/mcpViews';
import type { RawJsonRpcPipe } from '../RawJsonRpcPipe';

/** One JSON-RPC line as the host wrote it. */
export type JsonRpcLine = { id?: unknown; method?: unknown } & Record<string, unknown>;

/** One of the host's handshake lines, and whether the host got an answer to it. */
export interface HandshakeStep {
  line: string;
  /** A request the host had answered: wait for its answer before the next line. */
  answered: boolean;
}

/**
 * The host's messages to the server before its first `tools/call`, in order; a request the host
 * got no answer to (a 2026 `subscriptions/listen` stream) is only to be written.
 */
export function handshakeSteps(
  sent: readonly TrafficEntry[],
  answered: ReadonlySet<string>,
): HandshakeStep[] {
  const steps: HandshakeStep[] = [];
  for (const entry of sent) {
    if (entry.truncated) throw new Error(`a handshake message was cut: ${entry.preview}`);
    const message = JSON.parse(entry.preview) as JsonRpcLine;
    if (message.method === 'tools/call') return steps;
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    steps.push({ line: entry.preview, answered: id !== null && answered.has(String(id)) });
  }
  throw new Error('the host sent no tools/call');
}

/** Sends the host's handshake again over `pipe`, waiting for each answer the host got. */
export async function replayHandshake(
  pipe: RawJsonRpcPipe,
  steps: readonly HandshakeStep[],
): Promise<void> {
  for (const { line, answered } of steps) {
    if (!answered) {
      pipe.sendNotification(line);
      continue;
    }
    const { id } = JSON.parse(line) as JsonRpcLine;
    const answer = await pipe.send(line).response;
    if (answer.message.id !== id)
      throw new Error(`pipe handshake: answer to ${String(answer.message.id)}`);
  }
}

/** The host's last `tools/call` request, parsed (it is sent again with a new id). */
export function lastCall(sent: readonly TrafficEntry[]): JsonRpcLine {
  const entry = sent.findLast((e) => e.method === 'tools/call' && e.kind === 'request');
  if (!entry || entry.truncated) throw new Error('no whole tools/call request from the host');
  return JSON.parse(entry.preview) as JsonRpcLine;
}
