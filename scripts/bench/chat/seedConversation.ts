import type { ConversationStore } from '../../../main/services/store/ConversationStore';
import type { StoredContentBlock } from '../../../main/services/store/MessageRecord';
import { seededRandom, type Random } from '../../../main/testing/seededRandom';
import { sampleAssistantText, sampleUserText } from './sampleText';

/** A conversation written straight into the history store. */
export interface SeededConversation {
  id: string;
  title: string;
  messages: number;
  /** Tool calls among the messages (each is a tool_use, its tool_result and a stored call). */
  toolCalls: number;
  /** Text only the newest message contains: seeing it means the newest message rendered. */
  newestMarker: string;
  /** Text only the oldest message contains: seeing it means the whole history is loaded. */
  oldestMarker: string;
  /** Characters of text over all messages. */
  chars: number;
}

/** Every this many exchanges, the reply calls a tool first. */
const TOOL_EVERY = 5;

/**
 * Appends `messages` messages (an even number) through the store's own API, as finished turns
 * would have left them: exchanges of the person's words and a reply, and every fifth exchange
 * a reply that calls a tool first (assistant text + tool_use, the person's tool_result, the
 * answer), with the call recorded as the host records it. The newest and the oldest message
 * each carry a marker that appears nowhere else.
 */
export function seedConversation(
  store: ConversationStore,
  title: string,
  messages: number,
  seed: number,
): SeededConversation {
  if (messages % 2 !== 0) throw new Error('seedConversation: an even number of messages');
  const random = seededRandom(seed);
  const conversation = store.createConversation({ title, model: 'claude-sonnet-5-5' });
  const newestMarker = `newest-${seed}-${messages}`;
  const oldestMarker = `oldest-${seed}-${messages}`;
  let written = 0;
  let chars = 0;
  let toolCalls = 0;
  const append = (role: 'user' | 'assistant', content: StoredContentBlock[]): string => {
    const last = written === messages - 1;
    if (written === 0) content = withMarker(content, ` (${oldestMarker})`);
    if (last) content = withMarker(content, `\n\nMarker ${newestMarker}`);
    for (const block of content) if (block.type === 'text') chars += block.text.length;
    written++;
    return store.appendMessage(conversation.id, {
      role,
      content,
      ...(role === 'assistant' ? { model: 'claude-sonnet-5-5', stopReason: 'end_turn' } : {}),
    }).id;
  };
  for (let exchange = 0; written < messages; exchange++) {
    append('user', [{ type: 'text', text: sampleUserText(random) }]);
    const withTool = exchange % TOOL_EVERY === TOOL_EVERY - 1 && messages - written >= 3;
    if (withTool) {
      const id = `toolu_seed_${seed}_${toolCalls++}`;
      const input = { path: `/projects/switchboard/docs/page-${exchange}.md` };
      const messageId = append('assistant', [
        { type: 'text', text: 'Let me read that file first.' },
        { type: 'tool_use', id, name: 'files__read_file', input },
      ]);
      const result = toolResultText(random);
      store.recordToolCall({
        id,
        messageId,
        server: 'files',
        toolName: 'read_file',
        modelName: 'files__read_file',
        arguments: input,
        status: 'running',
      });
      store.finishToolCall(id, {
        status: 'done',
        result: { content: [{ type: 'text', text: result }] },
        modelResult: [{ type: 'text', text: result }],
        isError: false,
      });
      append('user', [
        { type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: result }] },
      ]);
    }
    append('assistant', [{ type: 'text', text: sampleAssistantText(random) }]);
  }
  return {
    id: conversation.id,
    title,
    messages,
    toolCalls,
    newestMarker,
    oldestMarker,
    chars,
  };
}

/** The content with `suffix` added to its last text block. */
function withMarker(content: StoredContentBlock[], suffix: string): StoredContentBlock[] {
  const index = content.findLastIndex((block) => block.type === 'text');
  return content.map((block, i) =>
    i === index && block.type === 'text' ? { ...block, text: block.text + suffix } : block,
  );
}

/** A file's contents as a tool returns them: a few hundred to a few thousand characters. */
function toolResultText(random: Random): string {
  const lines = 10 + Math.floor(random() * 60);
  return Array.from(
    { length: lines },
    (_, i) => `${String(i + 1).padStart(3)}  ${sampleUserText(random)}`,
  ).join('\n');
}
