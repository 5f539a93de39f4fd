import type { ConversationExport } from '../../../shared/domain/conversationExport';
import { toolOutcomeSchema } from '../../../shared/domain/toolOutcome';
import type { ConversationStore } from '../store/ConversationStore';
import type { MessageRecord } from '../store/MessageRecord';
import type { ToolCallRecord } from '../store/ToolCallRecord';
import { toMessageView, toSummary, toToolCallView } from './toConversationViews';

const PAGE = 1000;

/** The conversation as one export document (see ConversationExport); undefined if unknown. */
export function exportConversation(
  store: ConversationStore,
  conversationId: string,
  running: boolean,
  now: () => number = Date.now,
): ConversationExport | undefined {
  const conversation = store.findConversation(conversationId);
  if (!conversation) return undefined;
  const messages: MessageRecord[] = [];
  const calls: ToolCallRecord[] = [];
  for (let after = -1; ;) {
    const page = store.listMessages(conversationId, { afterOrdinal: after, limit: PAGE });
    messages.push(...page.messages);
    calls.push(...page.toolCalls);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) break;
    after = last.ordinal;
  }
  return {
    format: 'switchboard.conversation',
    version: 1,
    exportedAt: new Date(now()).toISOString(),
    conversation: toSummary(conversation, running),
    messages: messages.map((message) => {
      // Which version of an edited message this was is about the window, not the document.
      const { branch: _branch, ...view } = toMessageView(message);
      return view;
    }),
    toolCalls: calls.map((call) => {
      const result = toolOutcomeSchema.safeParse(store.getToolCall(call.id)?.result);
      return { ...toToolCallView(call), ...(result.success ? { result: result.data } : {}) };
    }),
  };
}
