import type { AttachmentInput } from '../../../shared/domain/attachments';

/** What a prompt's messages become in the composer: editable text and attachments. */
export interface PromptInsertion {
  text: string;
  attachments: AttachmentInput[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A short name for a URI: its last path segment, decoded (the URI itself if it has none). */
export function uriName(uri: string): string {
  return nameOf(uri, () => uri);
}

/** A name for content that has none: the URI's last segment, or a numbered kind. */
function nameOf(uri: string | undefined, fallback: () => string): string {
  if (uri) {
    const last = uri
      .replace(/[?#].*$/, '')
      .split('/')
      .filter(Boolean)
      .at(-1);
    try {
      if (last) return decodeURIComponent(last);
    } catch {
      return last ?? uri;
    }
    return uri;
  }
  return fallback();
}

/**
 * Turns `prompts/get` messages into the person's turn: text blocks joined into the composer
 * text (labelled by role when the prompt also speaks as the assistant), images, audio and
 * embedded resources as inline attachments, resource links as resources main reads at send.
 * Unknown blocks are skipped: they cannot be shown or sent.
 */
export function promptInsertion(server: string, messages: readonly unknown[]): PromptInsertion {
  const valid = messages.filter(isRecord);
  const labelled = valid.some((m) => m.role === 'assistant');
  const texts: string[] = [];
  const attachments: AttachmentInput[] = [];
  let media = 0;
  for (const message of valid) {
    const blocks: unknown[] = Array.isArray(message.content) ? message.content : [message.content];
    const parts: string[] = [];
    for (const block of blocks) {
      if (!isRecord(block)) continue;
      const type = block.type;
      if (type === 'text' && typeof block.text === 'string') parts.push(block.text);
      else if ((type === 'image' || type === 'audio') && typeof block.data === 'string') {
        const mimeType = str(block.mimeType);
        attachments.push({
          kind: 'inline',
          server,
          origin: 'prompt',
          name: `${type} ${String(++media)}`,
          blob: block.data,
          ...(mimeType !== undefined ? { mimeType } : {}),
        });
      } else if (type === 'resource' && isRecord(block.resource)) {
        const r = block.resource;
        const uri = str(r.uri);
        const mimeType = str(r.mimeType);
        const text = str(r.text);
        const blob = str(r.blob);
        if (text === undefined && blob === undefined) continue;
        attachments.push({
          kind: 'inline',
          server,
          origin: 'prompt',
          name: nameOf(uri, () => `resource ${String(++media)}`),
          ...(uri !== undefined ? { uri } : {}),
          ...(mimeType !== undefined ? { mimeType } : {}),
          ...(text !== undefined ? { text } : { blob: blob ?? '' }),
        });
      } else if (type === 'resource_link' && typeof block.uri === 'string') {
        attachments.push({ kind: 'resource', server, uri: block.uri });
      }
    }
    const text = parts.join('\n\n');
    if (!text) continue;
    texts.push(labelled ? `${message.role === 'assistant' ? 'Assistant' : 'User'}: ${text}` : text);
  }
  return { text: texts.join('\n\n'), attachments };
}
