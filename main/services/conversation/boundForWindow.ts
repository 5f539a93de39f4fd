import type { ConversationEvent } from '../../../shared/domain/conversationEvents';
import { TOOL_RESULT_PREVIEW_CHARS } from '../../../shared/domain/conversationViews';

/** Tool results go to windows as a bounded preview; "show all" asks for the rest. */
export function boundForWindow(event: ConversationEvent): ConversationEvent {
  if (event.type !== 'toolResult') return event;
  let budget = TOOL_RESULT_PREVIEW_CHARS;
  const content = event.outcome.content.map((block) => {
    if (block.type === 'text') {
      const text = block.text.slice(0, Math.max(0, budget));
      budget -= text.length;
      return { ...block, text };
    }
    if ((block.type === 'image' || block.type === 'audio') && block.data.length > 2 * 1024 * 1024) {
      return {
        type: 'text' as const,
        text: `[${block.type} ${block.mimeType}, ${Math.round(block.data.length / 1024)} KB: open the full result]`,
      };
    }
    return block;
  });
  return { ...event, outcome: { ...event.outcome, content } };
}
