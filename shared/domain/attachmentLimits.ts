import type { InlineAttachmentInput } from './attachments';

// What attachments may weigh. No schemas here: the window imports these at start-up.

/** Most attachments one message may carry. */
export const MAX_ATTACHMENTS = 20;
/** Decoded bytes all attachments of one message may add up to (resources read at send time too). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
/** Characters of text all text attachments of one message may add up to. */
export const MAX_ATTACHMENT_TEXT_CHARS = 2_000_000;
/** Above this a picker warns before attaching (the model sees it all, and pays for it). */
export const LARGE_ATTACHMENT_BYTES = 1024 * 1024;
/**
 * Largest image the model accepts: the Messages API refuses an image above 5 MB of base64
 * (3.75 MB decoded) and fails the whole request.
 */
export const MAX_IMAGE_BYTES = (5 * 1024 * 1024 * 3) / 4;
/** Base64 characters of one piece of a file sent from the window (under the web shell's 1 MiB frame). */
export const FILE_CHUNK_CHARS = 512 * 1024;

/** Decoded size of a base64 string, without decoding it. */
export function base64Bytes(blob: string): number {
  const padding = blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((blob.length * 3) / 4) - padding);
}

/** Bytes an inline attachment adds (UTF-16 length as a cheap upper-ish bound for text). */
export function inlineAttachmentBytes(a: InlineAttachmentInput): number {
  return (a.text?.length ?? 0) + (a.blob ? base64Bytes(a.blob) : 0);
}
