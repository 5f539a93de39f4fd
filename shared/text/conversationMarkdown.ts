import type { ConversationExport } from '../domain/conversationExport';
import type { MessageBlock } from '../domain/conversationMessage';

/** The words of a Markdown export, in the language of the window that exports. */
export interface MarkdownLabels {
  /** Heading of the person's messages. */
  you: string;
  /** Heading of the replies. */
  assistant: string;
  /** The line under the title (when and how it was exported), fully written out. */
  subtitle: string;
  toolCall: string;
  arguments: string;
  result: string;
  attached: string;
  image: string;
  /** Said after a reply that did not finish (failed, stopped, interrupted). */
  cutOff: string;
  untitled: string;
}

type Export = ConversationExport;
type ToolCall = Export['toolCalls'][number];

/**
 * A conversation as a Markdown document: title, then each message under a "You" or
 * "Claude" heading; a reply's tool calls follow its text with their arguments and result in
 * fenced blocks. Tool results the model got in the person's turn are shown with their call,
 * not again on their own.
 */
export function conversationToMarkdown(document: Export, labels: MarkdownLabels): string {
  const calls = new Map(document.toolCalls.map((call) => [call.toolUseId, call]));
  const parts: string[] = [
    `# ${document.conversation.title || labels.untitled}`,
    `_${labels.subtitle}_`,
  ];
  let lastRole: string | undefined;
  for (const message of document.messages) {
    const body = message.content
      .map((block) => blockMarkdown(block, calls, labels))
      .filter((text) => text !== '');
    const attachments = (message.attachments ?? []).map(
      (a) => `- ${a.name} (${[a.server, a.mimeType].filter(Boolean).join(', ')})`,
    );
    if (attachments.length > 0) body.push(`${labels.attached}\n\n${attachments.join('\n')}`);
    if (['failed', 'stopped', 'interrupted'].includes(message.status)) {
      body.push(`_${labels.cutOff}${message.error ? ` ${message.error.message}` : ''}_`);
    }
    if (body.length === 0) continue;
    // A reply made of several model requests (tool calls between them) stays under one heading.
    if (message.role !== lastRole)
      parts.push(`## ${message.role === 'user' ? labels.you : labels.assistant}`);
    lastRole = message.role;
    parts.push(...body);
  }
  return `${parts.join('\n\n')}\n`;
}

function blockMarkdown(
  block: MessageBlock,
  calls: ReadonlyMap<string, ToolCall>,
  labels: MarkdownLabels,
): string {
  switch (block.type) {
    case 'text':
      return block.text.trim();
    case 'image':
      return `_[${labels.image}: ${block.source.media_type}]_`;
    case 'tool_use':
      return toolCallMarkdown(block.name, block.input, calls.get(block.id), labels);
    default:
      // Tool results are shown with their call; documents are listed as attachments.
      return '';
  }
}

function toolCallMarkdown(
  modelName: string,
  input: unknown,
  call: ToolCall | undefined,
  labels: MarkdownLabels,
): string {
  const name = call ? `${call.server} › ${call.tool}` : modelName;
  const lines = [`**${labels.toolCall}** \`${name}\` (${call?.status ?? 'pending'})`];
  lines.push(
    `${labels.arguments}:`,
    fence(JSON.stringify(call?.arguments ?? input, null, 2), 'json'),
  );
  const result = call?.result;
  if (result) {
    const text = result.content
      .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
      .join('\n');
    lines.push(
      `${labels.result}:`,
      fence(text || JSON.stringify(result.structuredContent ?? {}, null, 2)),
    );
  }
  return lines.join('\n\n');
}

/** A fenced block that no backtick run inside the text can close early. */
function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${language}\n${text}\n${ticks}`;
}
