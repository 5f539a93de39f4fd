import type { ConversationStore } from '../../../main/services/store/ConversationStore';
import { sampleAssistantText, sampleUserText } from './sampleText';
import { seededRandom } from '../../../main/testing/seededRandom';

/** A conversation written straight into the history store. */
export interface SeededConversation {
  id: string;
  title: string;
  messages: number;
  /** Text only the newest message contains: seeing it means the newest message rendered. */
  newestMarker: string;
  /** Text only the oldest message contains: seeing it means the whole history is loaded. */
  oldestMarker: string;
  /** Characters of text over all messages. */
  chars: number;
}

/**
 * Appends `messages` alternating user/assistant text messages (person first, so the history is
 * one the API accepts) through the store's own API, as finished turns would have left them.
 * The newest and the oldest message each carry a marker that appears nowhere else.
 */
export function seedConversation(
  store: ConversationStore,
  title: string,
  messages: number,
  seed: number,
): SeededConversation {
  const random = seededRandom(seed);
  const conversation = store.createConversation({ title, model: 'claude-sonnet-5-5' });
  const newestMarker = `newest-${seed}-${messages}`;
  const oldestMarker = `oldest-${seed}-${messages}`;
  let chars = 0;
  for (let i = 0; i < messages; i++) {
    const role = i % 2 === 0 ? 'user' : 'assistant';
    let text = role === 'user' ? sampleUserText(random) : sampleAssistantText(random);
    if (i === 0) text += ` (${oldestMarker})`;
    if (i === messages - 1) text += `\n\nMarker ${newestMarker}`;
    chars += text.length;
    store.appendMessage(conversation.id, {
      role,
      content: [{ type: 'text', text }],
      ...(role === 'assistant' ? { model: 'claude-sonnet-5-5', stopReason: 'end_turn' } : {}),
    });
  }
  return { id: conversation.id, title, messages, newestMarker, oldestMarker, chars };
}
