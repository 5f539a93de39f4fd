import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions';
import type {
  ConversationMessage,
  MessageBlock,
  ToolResultBlock,
} from '../../../../shared/domain/conversationMessage';
import { HistoryWireCache, type WireBody } from '../HistoryWireCache';
import type { ToolNameMap } from '../ToolNameMap';

/** What the provider takes besides text. */
export interface ChatWireOptions {
  /** Its models are sent images; otherwise each image becomes a note. */
  images: boolean;
  /** Its name, for the notes. */
  provider: string;
}

type ImagePart = Extract<ChatCompletionContentPart, { type: 'image_url' }>;

/**
 * A Chat Completions body (see HistoryWireCache.body): `head`, then `messages` — `lead` and the
 * stored conversation. An assistant message becomes text plus `tool_calls` (reasoning and
 * Claude's thinking are never sent back: some providers refuse them); a user message's tool
 * results become `tool` messages right after the calls, and its other blocks a user message.
 * Images go as data URLs where the provider takes them (those a tool returned follow in a user
 * message, since `tool` messages carry text only); elsewhere, and for PDFs, a note says what
 * was left out.
 */
export function chatHistoryBody(
  head: object,
  lead: readonly ChatCompletionMessageParam[],
  messages: readonly ConversationMessage[],
  names: ToolNameMap,
  options: ChatWireOptions,
): WireBody {
  // What a message's wire form depends on besides the message itself (tool names are fitted
  // the same way in every request). A reused message does not teach `names` its tool names:
  // calls map back through the request's tools, learned up front.
  const key = `${options.provider}\n${String(options.images)}`;
  return histories.body({
    head,
    lead,
    messages,
    key,
    convertOne: (message) => toChatMessage(message, names, options),
  });
}

/** Each conversation's history in Chat Completions form, reused from request to request. */
const histories = new HistoryWireCache<ChatCompletionMessageParam>();

function toChatMessage(
  message: ConversationMessage,
  names: ToolNameMap,
  options: ChatWireOptions,
): ChatCompletionMessageParam[] {
  if (typeof message.content === 'string')
    return [{ role: message.role, content: message.content }];
  if (message.role === 'assistant') {
    const assistant = toAssistant(message.content, names);
    return assistant ? [assistant] : [];
  }
  return toUser(message.content, options);
}

function toAssistant(
  blocks: readonly MessageBlock[],
  names: ToolNameMap,
): ChatCompletionAssistantMessageParam | undefined {
  const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const calls = blocks.flatMap((block): ChatCompletionMessageToolCall[] =>
    block.type === 'tool_use'
      ? [
          {
            id: block.id,
            type: 'function',
            function: {
              name: names.wire(block.name),
              arguments: JSON.stringify(block.input ?? {}),
            },
          },
        ]
      : [],
  );
  if (!text && calls.length === 0) return undefined;
  return {
    role: 'assistant',
    content: text || null,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}

function toUser(
  blocks: readonly MessageBlock[],
  options: ChatWireOptions,
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  const parts: ChatCompletionContentPart[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') {
      const { text, images } = toolResult(block, options);
      out.push({ role: 'tool', tool_call_id: block.tool_use_id, content: text });
      if (images.length > 0) {
        parts.push({ type: 'text', text: `Images returned by tool call ${block.tool_use_id}:` });
        parts.push(...images);
      }
    } else {
      parts.push(...userPart(block, options));
    }
  }
  if (parts.length > 0) {
    // Plain text goes as a string: the form every server understands.
    const onlyText = parts.every((p) => p.type === 'text');
    out.push({
      role: 'user',
      content: onlyText ? parts.map((p) => p.text).join('\n\n') : parts,
    });
  }
  return out;
}

function userPart(block: MessageBlock, options: ChatWireOptions): ChatCompletionContentPart[] {
  switch (block.type) {
    case 'text':
      return block.text ? [{ type: 'text', text: block.text }] : [];
    case 'image':
      return options.images
        ? [imagePart(block.source.media_type, block.source.data)]
        : [{ type: 'text', text: imageNote(block.source.media_type, options.provider) }];
    case 'document': {
      const title = block.title ? `${block.title}\n` : '';
      if (block.source.type === 'text') {
        const context = block.context ? `(${block.context})\n` : '';
        return [{ type: 'text', text: `${title}${context}${block.source.data}` }];
      }
      return [
        {
          type: 'text',
          text: `[${block.title ?? 'A PDF document'} was attached; ${options.provider} is not sent PDFs, so it was left out]`,
        },
      ];
    }
    default:
      // Tool calls, thinking and reasoning never stand in a user message.
      return [];
  }
}

function toolResult(
  block: ToolResultBlock,
  options: ChatWireOptions,
): { text: string; images: ImagePart[] } {
  const texts: string[] = [];
  const images: ImagePart[] = [];
  for (const item of block.content ?? []) {
    if (item.type === 'text') texts.push(item.text);
    else if (options.images) {
      images.push(imagePart(item.source.media_type, item.source.data));
      texts.push(`[${item.source.media_type} image: sent in the next message]`);
    } else texts.push(imageNote(item.source.media_type, options.provider));
  }
  const body = texts.join('\n') || '(no output)';
  return { text: block.is_error ? `Error: ${body}` : body, images };
}

function imagePart(mediaType: string, data: string): ImagePart {
  return { type: 'image_url', image_url: { url: `data:${mediaType};base64,${data}` } };
}

function imageNote(mediaType: string, provider: string): string {
  return `[an image (${mediaType}) was here; ${provider} models are not sent images, so it was left out]`;
}
