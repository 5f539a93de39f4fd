import { base64Bytes } from '../../../shared/domain/attachments';

/** Decoded bytes of resource contents (UTF-8 text, base64 blobs), without decoding blobs. */
export function contentsBytes(contents: readonly unknown[]): number {
  let total = 0;
  for (const content of contents) {
    const c = content as { text?: unknown; blob?: unknown } | null;
    if (typeof c?.text === 'string') total += Buffer.byteLength(c.text, 'utf8');
    else if (typeof c?.blob === 'string') total += base64Bytes(c.blob);
  }
  return total;
}
