import type { ConversationStore } from '../store/ConversationStore';
import type { MessageRecord } from '../store/MessageRecord';

const PAGE = 1000;

/** Every message of a conversation, oldest first, read in pages (a page is capped by the store). */
export function readWholeHistory(
  store: ConversationStore,
  conversationId: string,
): MessageRecord[] {
  const all: MessageRecord[] = [];
  let after = -1;
  for (;;) {
    const page = store.listMessages(conversationId, { afterOrdinal: after, limit: PAGE });
    all.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) return all;
    after = last.ordinal;
  }
}
