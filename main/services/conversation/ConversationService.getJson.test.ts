import { describe, expect, it } from 'vitest';
import { JsonReply } from '../../../shared/ipc/JsonReply';
import { hostText } from '../../../shared/text/hostText';
import type { ConversationStore } from '../store/ConversationStore';
import { OMITTED_RESULT_BYTES } from '../store/messageViewSql';
import { useConversationHost } from './testing/useConversationHost';

const fixture = useConversationHost();

/** Text that JSON escapes: quotes, backslashes, control and line separator characters, emoji. */
const AWKWARD = 'He said "hi"\\n\n\ttab \u2028 \u0001 — 你好 🧪 </script>';

describe('conversation.get as JSON built from the stored text', () => {
  it('answers exactly what parsing and serializing every message answered, page by page', async () => {
    const host = await fixture.start();
    const store = (host.conversations as unknown as { options: { store: ConversationStore } })
      .options.store;
    const { id } = host.conversations.create('Passthrough');
    store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: AWKWARD }] });
    const reply = store.appendMessage(id, {
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      usage: { input: 12, output: 34, cacheRead: 5, cacheWrite: 0 },
      content: [
        { type: 'text', text: 'Reading it.' },
        { type: 'tool_use', id: 'toolu_1', name: 'echo__echo', input: { text: AWKWARD } },
      ],
    });
    store.recordToolCall({
      id: 'toolu_1',
      messageId: reply.id,
      server: 'echo',
      toolName: 'echo',
      modelName: 'echo__echo',
      arguments: { text: AWKWARD },
      status: 'running',
    });
    store.finishToolCall('toolu_1', {
      status: 'done',
      result: { content: [{ type: 'text', text: AWKWARD }] },
      modelResult: [{ type: 'text', text: AWKWARD }],
    });
    store.appendMessage(id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: AWKWARD }],
    });
    const failed = store.beginAssistantMessage(id, { model: 'claude-sonnet-5-5' });
    store.appendDelta(failed.id, 0, 'Half a');
    store.finishMessage(failed.id, {
      status: 'failed',
      error: {
        code: 'LLM_RATE_LIMITED',
        message: 'Slow down',
        text: hostText('model.rateLimited', { provider: 'Anthropic', detail: AWKWARD }),
      },
    });
    // An edit: the message at ordinal 4 gets a second version (a branch).
    store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: 'first version' }] });
    store.setAsideMessagesFrom(id, 4);
    store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: 'second version' }] });
    // Still streaming: its newest content is only in memory, not in the stored JSON yet.
    const streaming = store.beginAssistantMessage(id, { model: 'claude-sonnet-5-5' });
    store.appendDelta(streaming.id, 0, `streamed ${AWKWARD}`);

    const pages: [number | undefined, number][] = [
      [undefined, 200],
      [undefined, 2],
      [4, 2],
      [2, 2],
      [1, 1],
    ];
    for (const [before, limit] of pages) {
      const json = host.conversations.getJson(id, before, limit);
      expect(json).toBeInstanceOf(JsonReply);
      expect(json.parse()).toEqual(host.conversations.get(id, before, limit));
    }
    const whole = host.conversations.get(id);
    expect(whole.messages.map((m) => m.ordinal)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(whole.messages[4]?.branch).toEqual({ index: 2, count: 2 });
    expect(whole.messages[5]?.content).toEqual([{ type: 'text', text: `streamed ${AWKWARD}` }]);
    expect(whole.messages[3]?.error?.code).toBe('LLM_RATE_LIMITED');
    expect(whole.toolCalls.map((c) => c.toolUseId)).toEqual(['toolu_1']);
  });

  it('builds every field the view has, and leaves out long tool results a card can read', async () => {
    const host = await fixture.start();
    const store = (host.conversations as unknown as { options: { store: ConversationStore } })
      .options.store;
    const { id } = host.conversations.create('Fields');
    const long = `${AWKWARD} ${'x'.repeat(OMITTED_RESULT_BYTES)}`;
    store.appendMessage(id, {
      role: 'user',
      content: [{ type: 'text', text: 'see the file' }],
      attachments: [
        {
          server: 'files',
          origin: 'resource',
          uri: 'file:///a.md',
          name: 'a.md',
          size: 3,
          as: 'text',
        },
      ],
    });
    const reply = store.appendMessage(id, {
      role: 'assistant',
      provider: '',
      model: 'gpt-5',
      usage: {
        input: 1,
        output: 2,
        cacheRead: 3,
        cacheWrite: 4,
        tools: { loading: 'search', sent: 3, deferred: 40, tokens: 900 },
      },
      // A code this version does not know is shown as INTERNAL, as the record path does.
      error: { code: 'SOMETHING_NEWER', message: 'odd' },
      status: 'failed',
      content: ['toolu_long', 'toolu_short', 'toolu_unstored'].map((callId) => ({
        type: 'tool_use' as const,
        id: callId,
        name: 'files__read',
        input: {},
      })),
    });
    for (const callId of ['toolu_long', 'toolu_short']) {
      store.recordToolCall({
        id: callId,
        messageId: reply.id,
        server: 'files',
        toolName: 'read',
        modelName: 'files__read',
        arguments: {},
        status: 'running',
      });
      store.finishToolCall(callId, {
        status: 'done',
        result: { content: [{ type: 'text', text: long }] },
        modelResult: [{ type: 'text', text: long }],
      });
    }
    const image = {
      type: 'image' as const,
      source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgo=' },
    };
    const carrier = store.appendMessage(id, {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_long',
          content: [{ type: 'text', text: long }, image],
        },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_short',
          is_error: true,
          content: [{ type: 'text', text: 'no' }],
        },
        // Long, but no stored result to read it from: it stays.
        {
          type: 'tool_result',
          tool_use_id: 'toolu_unstored',
          content: [{ type: 'text', text: long }],
        },
        { type: 'text', text: AWKWARD },
      ],
    });

    const sent = host.conversations.getJson(id).parse();
    const records = host.conversations.get(id);
    const [longBlock, ...rest] = records.messages[2]?.content ?? [];
    expect(longBlock).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_long' });
    expect(sent).toEqual({
      ...records,
      messages: [
        records.messages[0],
        records.messages[1],
        {
          ...records.messages[2],
          content: [{ type: 'tool_result', tool_use_id: 'toolu_long', omitted: true }, ...rest],
        },
      ],
    });
    expect(sent.messages[1]).toMatchObject({
      model: 'gpt-5',
      error: { code: 'INTERNAL', message: 'odd' },
      usage: { tools: { loading: 'search', deferred: 40 } },
    });
    expect(sent.messages[1]).not.toHaveProperty('provider');
    expect(sent.messages[0]?.attachments).toHaveLength(1);
    expect(carrier.content).toHaveLength(4);
    // What the card then reads is the stored result, whole.
    expect(host.conversations.getToolResult('toolu_long').outcome.content).toEqual([
      { type: 'text', text: long },
    ]);
  });
});
