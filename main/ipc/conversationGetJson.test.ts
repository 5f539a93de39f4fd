import { describe, expect, it } from 'vitest';
import { JsonReply } from '../../shared/ipc/JsonReply';
import { resultFrameJson } from '../../shared/ipc/wsProtocol';
import { useConversationHost } from '../services/conversation/testing/useConversationHost';
import { createLogger } from '../platform/Logger';
import { createDispatcher } from './createDispatcher';

const fixture = useConversationHost();

const AWKWARD = 'He said "hi"\\n\n\ttab \u2028 \u0001 — 你好 🧪 </script>';

describe('conversation.get, answered as JSON built from the stored text', () => {
  it('goes through the dispatcher (its output checked) and the socket frame as the same JSON', async () => {
    const host = await fixture.start();
    const { id } = host.conversations.create('Frame');
    await host.handlers['conversation.rename']({ id, title: AWKWARD });
    const dispatch = createDispatcher(host.handlers, createLogger({ consoleLevel: 'silent' }), {
      validateOutputs: true,
    });
    const envelope = await dispatch('conversation.get', { id, limit: 10 });
    if (!envelope.ok) throw new Error(envelope.error.message);
    expect(envelope.value).toBeInstanceOf(JsonReply);
    const reply = envelope.value as JsonReply<unknown>;
    const frame = resultFrameJson(41, reply);
    expect(JSON.parse(frame)).toEqual({
      kind: 'result',
      id: 41,
      result: { ok: true, value: host.conversations.get(id, undefined, 10) },
    });
    // Anything serializing a reply the plain way still writes its value.
    expect(JSON.parse(JSON.stringify({ value: reply }))).toEqual({ value: reply.parse() });
  });
});
