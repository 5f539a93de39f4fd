/** A piece of MCP content as the UI renders it; anything unrecognised is shown as JSON. */
export type ContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; mimeType: string }
  | { type: 'audio'; src: string; mimeType: string }
  | {
      type: 'resourceLink';
      uri: string;
      name: string;
      title?: string;
      description?: string;
      mimeType?: string;
    }
  | { type: 'resourceText'; uri: string; mimeType?: string; text: string }
  | { type: 'resourceImage'; uri: string; src: string; mimeType: string }
  | { type: 'resourceBlob'; uri: string; mimeType?: string; bytes: number }
  | { type: 'unknown'; value: unknown };

/** The parts of a CallToolResult the UI shows. */
export interface ToolResultView {
  blocks: ContentBlock[];
  structuredContent?: unknown;
  isError: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Only well-formed types go into a data URL, so a server cannot smuggle anything in. */
const MIME = /^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*$/i;

function dataUrl(mimeType: unknown, data: unknown, family: 'image' | 'audio'): string | null {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return null;
  if (!MIME.test(mimeType) || !mimeType.toLowerCase().startsWith(`${family}/`)) return null;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(data)) return null;
  return `data:${mimeType};base64,${data.replace(/\s/g, '')}`;
}

/** Approximate decoded size of base64 text. */
export function base64Bytes(data: string): number {
  const clean = data.replace(/[\s=]/g, '');
  return Math.floor((clean.length * 3) / 4);
}

/** One embedded resource's contents (`{uri, mimeType, text | blob}`). */
export function resourceContents(value: unknown): ContentBlock {
  if (!isRecord(value) || typeof value.uri !== 'string') return { type: 'unknown', value };
  const uri = value.uri;
  const mimeType = str(value.mimeType);
  if (typeof value.text === 'string') {
    return mimeType === undefined
      ? { type: 'resourceText', uri, text: value.text }
      : { type: 'resourceText', uri, mimeType, text: value.text };
  }
  if (typeof value.blob === 'string') {
    const src = dataUrl(mimeType, value.blob, 'image');
    if (src && mimeType) return { type: 'resourceImage', uri, src, mimeType };
    const bytes = base64Bytes(value.blob);
    return mimeType === undefined
      ? { type: 'resourceBlob', uri, bytes }
      : { type: 'resourceBlob', uri, mimeType, bytes };
  }
  return { type: 'unknown', value };
}

/** One content block of a tool result or a prompt message. */
export function contentBlock(value: unknown): ContentBlock {
  if (!isRecord(value)) return { type: 'unknown', value };
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string'
        ? { type: 'text', text: value.text }
        : { type: 'unknown', value };
    case 'image':
    case 'audio': {
      const src = dataUrl(value.mimeType, value.data, value.type);
      return src
        ? { type: value.type, src, mimeType: String(value.mimeType) }
        : { type: 'unknown', value };
    }
    case 'resource_link': {
      if (typeof value.uri !== 'string' || typeof value.name !== 'string') {
        return { type: 'unknown', value };
      }
      const link: ContentBlock = { type: 'resourceLink', uri: value.uri, name: value.name };
      const title = str(value.title);
      const description = str(value.description);
      const mimeType = str(value.mimeType);
      if (title !== undefined) link.title = title;
      if (description !== undefined) link.description = description;
      if (mimeType !== undefined) link.mimeType = mimeType;
      return link;
    }
    case 'resource':
      return resourceContents(value.resource);
    default:
      return { type: 'unknown', value };
  }
}

/** Reads a CallToolResult defensively: servers send what they send. */
export function toolResultView(result: Record<string, unknown>): ToolResultView {
  const content = Array.isArray(result.content) ? result.content : [];
  const view: ToolResultView = {
    blocks: content.map(contentBlock),
    isError: result.isError === true,
  };
  if (result.structuredContent !== undefined) view.structuredContent = result.structuredContent;
  return view;
}
