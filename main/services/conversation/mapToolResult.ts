import {
  imageMediaTypeSchema,
  type ImageBlock,
  type ImageMediaType,
  type TextBlock,
} from '../../../shared/domain/conversationMessage';
import type { ToolContent, ToolOutcome } from '../../../shared/domain/toolOutcome';

/** What may go inside a `tool_result` block. */
export type ToolResultContent = TextBlock | ImageBlock;

/**
 * Maps an MCP tool outcome to the content of an Anthropic `tool_result`: text as text, images
 * as image blocks, embedded text resources as their text, `structuredContent` as JSON text when
 * the tool sent no text of its own. What the model cannot take (audio, binary resources, image
 * types the API refuses) becomes a short note, so the model knows something was there.
 * `is_error` is set by the caller from `outcome.isError`.
 */
export function mapToolResult(outcome: ToolOutcome): ToolResultContent[] {
  const out: ToolResultContent[] = [];
  for (const item of outcome.content) out.push(...mapItem(item));
  const hasText = outcome.content.some((item) => item.type === 'text');
  if (!hasText && outcome.structuredContent !== undefined) {
    out.push({ type: 'text', text: JSON.stringify(withoutBinary(outcome.structuredContent)) });
  }
  return out;
}

/** Strings this long that read as base64 (or a base64 `data:` URL) are media, not words. */
const MIN_BINARY_CHARS = 256;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+(;[\w=.+-]+)*;base64,/i;

/**
 * The structured content with its binary strings replaced by a short note. A result made of
 * an image or audio plus structured content usually repeats the media there in base64: the
 * media goes to the model as media (or a note) above, never as tens of thousands of
 * characters of text.
 */
function withoutBinary(value: unknown): unknown {
  if (typeof value === 'string') {
    if (value.length < MIN_BINARY_CHARS) return value;
    const dataUrl = DATA_URL.exec(value);
    const payload = dataUrl ? value.slice(dataUrl[0].length) : value;
    if (!BASE64.test(payload)) return value;
    return `[${String(base64Bytes(payload))} bytes of binary data, not sent as text]`;
  }
  if (Array.isArray(value)) return value.map(withoutBinary);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutBinary(v)]));
  }
  return value;
}

function mapItem(item: ToolContent): ToolResultContent[] {
  switch (item.type) {
    case 'text':
      // The API refuses empty text blocks.
      return item.text ? [{ type: 'text', text: item.text }] : [];
    case 'image': {
      const mediaType = imageMediaType(item.mimeType);
      return mediaType
        ? [image(mediaType, item.data)]
        : [note(`[image of type ${item.mimeType} not shown to the model: unsupported type]`)];
    }
    case 'audio':
      return [
        note(`[audio (${item.mimeType}, ${base64Bytes(item.data)} bytes) not sent to the model]`),
      ];
    case 'resource': {
      const resource = item.resource;
      if ('text' in resource) return resource.text ? [{ type: 'text', text: resource.text }] : [];
      const mediaType = imageMediaType(resource.mimeType);
      if (mediaType) return [image(mediaType, resource.blob)];
      const type = resource.mimeType ?? 'unknown type';
      return [
        note(
          `[binary resource ${resource.uri} (${type}, ${base64Bytes(resource.blob)} bytes) not sent to the model]`,
        ),
      ];
    }
    case 'resource_link': {
      const label = item.title ?? item.name;
      const about = item.description ? ` — ${item.description}` : '';
      return [note(`[resource link: ${label} <${item.uri}>${about}]`)];
    }
  }
}

function imageMediaType(mimeType: string | undefined): ImageMediaType | undefined {
  const parsed = imageMediaTypeSchema.safeParse(mimeType?.toLowerCase());
  return parsed.success ? parsed.data : undefined;
}

function image(mediaType: ImageMediaType, data: string): ImageBlock {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
}

function note(text: string): TextBlock {
  return { type: 'text', text };
}

function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
