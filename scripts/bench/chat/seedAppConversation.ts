import type { ConversationStore } from '../../../main/services/store/ConversationStore';

/** The counter App of the v2 fixture (e2e/fixtures/servers/apps-v2.mjs). */
export const COUNTER_APP = 'ui://apps-fixture/counter.html';

/** A conversation of tool calls written straight into the history store. */
export interface SeededAppConversation {
  id: string;
  title: string;
  calls: number;
  /** The newest call's tool use id (its card's `data-tool-use-id`). */
  newestToolUseId: string;
}

/**
 * Appends `calls` finished turns, each: the person asks, the model calls `apps__counter`, the
 * tool result, the model's answer, as a turn would have left them. With `withApps` each call
 * keeps the counter App (so the conversation shows `calls` Apps); without, the same calls are
 * plain tool cards: the baseline doing the same work minus the Apps.
 */
export function seedAppConversation(
  store: ConversationStore,
  title: string,
  calls: number,
  withApps: boolean,
): SeededAppConversation {
  const conversation = store.createConversation({ title, model: 'claude-sonnet-5-5' });
  const id = conversation.id;
  const prefix = withApps ? 'app' : 'plain';
  for (let i = 0; i < calls; i++) {
    const toolUseId = `toolu_${prefix}_${String(i)}`;
    const result = `count is ${String(i)} (${prefix})`;
    store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: `Count ${i}` }] });
    const assistant = store.appendMessage(id, {
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      stopReason: 'tool_use',
      content: [
        { type: 'text', text: 'Here is the counter.' },
        { type: 'tool_use', id: toolUseId, name: 'apps__counter', input: { label: `n${i}` } },
      ],
    });
    store.recordToolCall({
      id: toolUseId,
      messageId: assistant.id,
      server: 'apps',
      toolName: 'counter',
      modelName: 'apps__counter',
      arguments: { label: `n${i}` },
      status: 'running',
      ...(withApps ? { uiResourceUri: COUNTER_APP } : {}),
    });
    const sent = [{ type: 'text' as const, text: result }];
    store.finishToolCall(toolUseId, {
      status: 'done',
      result: { content: sent, structuredContent: { count: i, uiDeclared: true } },
      modelResult: sent,
    });
    store.appendMessage(id, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: toolUseId, content: sent }],
    });
    store.appendMessage(id, {
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      stopReason: 'end_turn',
      content: [{ type: 'text', text: `The counter shows ${String(i)}.` }],
    });
  }
  return { id, title, calls, newestToolUseId: `toolu_${prefix}_${String(calls - 1)}` };
}
