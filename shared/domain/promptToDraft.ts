import type { ServerAttachmentInput } from './attachments';
import { nameFromUri } from './nameFromUri';

/** What a rendered prompt puts in the composer: the words, and what comes attached. */
export interface PromptDraft {
  text: string;
  attachments: ServerAttachmentInput[];
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Maps a `prompts/get` result's messages to the person's next message: text blocks become the
 * composer's text (with who says it when the prompt mixes roles); images, audio and embedded
 * resources travel inline (their bytes came with the prompt); resource links are attached by
 * URI so main reads them when the message is sent. Pure: the renderer and the CLI share it.
 */
export function promptToDraft(server: string, messages: readonly unknown[]): PromptDraft {
  const list = messages.filter(isRecord);
  const mixedRoles = new Set(list.map((m) => m.role)).size > 1;
  const paragraphs: string[] = [];
  const attachments: ServerAttachmentInput[] = [];
  let media = 0;
  for (const message of list) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const texts: string[] = [];
    for (const block of blocks) {
      if (!isRecord(block)) continue;
      const attachment = toAttachment(server, block, () => ++media);
      if (attachment) attachments.push(attachment);
      else if (block.type === 'text' && str(block.text)) texts.push(str(block.text) ?? '');
    }
    if (texts.length === 0) continue;
    const text = texts.join('\n\n');
    paragraphs.push(
      mixedRoles ? `${message.role === 'assistant' ? 'Assistant' : 'User'}: ${text}` : text,
    );
  }
  return { text: paragraphs.join('\n\n'), attachments };
}

function toAttachment(
  server: string,
  block: Json,
  next: () => number,
): ServerAttachmentInput | undefined {
  const inline = (name: string, fields: Json): ServerAttachmentInput => {
    const mimeType = str(fields.mimeType);
    const uri = str(fields.uri);
    const text = str(fields.text);
    const blob = str(fields.blob);
    return {
      kind: 'inline',
      server,
      origin: 'prompt',
      name,
      ...(mimeType !== undefined ? { mimeType } : {}),
      ...(uri !== undefined ? { uri } : {}),
      ...(text !== undefined ? { text } : blob !== undefined ? { blob } : { text: '' }),
    };
  };
  switch (block.type) {
    case 'image':
    case 'audio': {
      const n = next();
      const mimeType = str(block.mimeType);
      return inline(`${block.type} ${String(n)}`, {
        ...(mimeType !== undefined ? { mimeType } : {}),
        blob: str(block.data) ?? '',
      });
    }
    case 'resource': {
      if (!isRecord(block.resource)) return undefined;
      const uri = str(block.resource.uri);
      next();
      return inline(uri ? nameFromUri(uri) : `resource`, block.resource);
    }
    case 'resource_link': {
      const uri = str(block.uri);
      if (!uri) return undefined;
      return { kind: 'resource', server, uri };
    }
    default:
      return undefined;
  }
}
