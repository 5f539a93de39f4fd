import type { AttachmentAs } from '../../../shared/domain/attachments';
import { base64Bytes } from '../../../shared/domain/attachments';
import {
  imageMediaTypeSchema,
  type MessageBlock,
} from '../../../shared/domain/conversationMessage';
import { formatBytes } from '../../../shared/domain/formatBytes';

/** One piece of resource content: the shape of MCP `TextResourceContents`/`BlobResourceContents`. */
export interface AttachmentContent {
  uri?: string;
  mimeType?: string;
  text?: string;
  /** base64 */
  blob?: string;
}

/** What one content piece becomes for the model, and what it weighed. */
export interface AttachmentBlocks {
  blocks: MessageBlock[];
  as: AttachmentAs;
  /** Decoded bytes of the content. */
  bytes: number;
  /** Bytes that actually go to the model (a note sends none of the content). */
  sentBytes: number;
  /** Characters of text that go to the model. */
  sentChars: number;
}

/**
 * Maps one piece of content to Messages API blocks: text → a document (titled with the name,
 * with where it came from as context); images the API accepts → an image block; PDFs → a base64
 * document; any other binary → a short note, since the model could not read it anyway.
 */
export function toAttachmentBlocks(
  content: AttachmentContent,
  name: string,
  context: string,
): AttachmentBlocks {
  const mimeType = content.mimeType?.toLowerCase();
  if (content.text !== undefined) {
    const bytes = Buffer.byteLength(content.text, 'utf8');
    if (content.text.length === 0) {
      const text = `[Attached ${name} (${mimeType ?? 'text'}) — empty]`;
      return { blocks: [{ type: 'text', text }], as: 'text', bytes, sentBytes: 0, sentChars: 0 };
    }
    return {
      blocks: [
        {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: content.text },
          title: name,
          context,
        },
      ],
      as: 'document',
      bytes,
      sentBytes: bytes,
      sentChars: content.text.length,
    };
  }
  const blob = content.blob ?? '';
  const bytes = base64Bytes(blob);
  const image = imageMediaTypeSchema.safeParse(mimeType);
  if (image.success) {
    return {
      blocks: [{ type: 'image', source: { type: 'base64', media_type: image.data, data: blob } }],
      as: 'image',
      bytes,
      sentBytes: bytes,
      sentChars: 0,
    };
  }
  if (mimeType === 'application/pdf') {
    return {
      blocks: [
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: blob },
          title: name,
          context,
        },
      ],
      as: 'document',
      bytes,
      sentBytes: bytes,
      sentChars: 0,
    };
  }
  const text = `[Attached ${name} (${mimeType ?? 'unknown type'}, ${formatBytes(bytes)}) — binary content not sent]`;
  return { blocks: [{ type: 'text', text }], as: 'note', bytes, sentBytes: 0, sentChars: 0 };
}
