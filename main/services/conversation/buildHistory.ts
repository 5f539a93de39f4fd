import type { ConversationMessage, MessageBlock } from '../../../shared/domain/conversationMessage';
import type { MessageRecord } from '../store/MessageRecord';

/**
 * The stored messages as a valid Messages API history. A crash can leave an assistant message
 * with a tool_use but no tool_result after it, or an empty one: those blocks are dropped so the
 * API accepts the history; consecutive messages of one role are merged as the API would.
 */
export function buildHistory(
  records: readonly Pick<MessageRecord, 'role' | 'content'>[],
): ConversationMessage[] {
  const answered = new Set<string>();
  for (const record of records) {
    for (const block of record.content)
      if (block.type === 'tool_result') answered.add(block.tool_use_id);
  }
  const used = new Set<string>();
  const out: ConversationMessage[] = [];
  for (const record of records) {
    const blocks = (record.content as MessageBlock[]).filter((block) => {
      if (block.type === 'tool_use') {
        if (!answered.has(block.id)) return false;
        used.add(block.id);
        return true;
      }
      if (block.type === 'tool_result') return used.has(block.tool_use_id);
      if (block.type === 'text') return block.text.length > 0;
      return block.type === 'image' || block.type === 'document';
    });
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === record.role && Array.isArray(last.content))
      last.content.push(...blocks);
    else out.push({ role: record.role, content: blocks });
  }
  return out;
}
