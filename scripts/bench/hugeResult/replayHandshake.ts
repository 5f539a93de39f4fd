import type { TrafficEntry } from '../../../shared/domain/mcpViews';
import type { RawJsonRpcPipe } from '../RawJsonRpcPipe';

/** One JSON-RPC line as the host wrote it. */
export type JsonRpcLine = { id?: unknown; method?: unknown } & Record<string, unknown>;

/**
 * The host's messages to the server before its first `tools/call`, sent again in order; a
 * request the host got no answer to (a 2026 `subscriptions/listen` stream) is only written.
 */
export async function replayHandshake(
  pipe: RawJsonRpcPipe,
  sent: readonly TrafficEntry[],
  answered: ReadonlySet<string>,
): Promise<void> {
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
export function lastCall(sent: readonly TrafficEntry[]): JsonRpcLine {
  const entry = sent.findLast((e) => e.method === 'tools/call' && e.kind === 'request');
  if (!entry || entry.truncated) throw new Error('no whole tools/call request from the host');
  return JSON.parse(entry.preview) as JsonRpcLine;
}
