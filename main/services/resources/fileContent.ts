import type { StagedFile } from './StagedFiles';
import type { AttachmentContent } from './toAttachmentBlocks';

/** Types whose bytes are text, besides text/*. */
const TEXT_TYPES = /json|xml|yaml|javascript|typescript|csv|markdown|toml|sql|x-sh|x-python/;

/**
 * A file's bytes as attachment content: text when its type says so (or it has no type and
 * decodes as UTF-8 without control bytes, like source files often do), else base64 — an image
 * or PDF then goes to the model as such, anything else as a note.
 */
export function fileContent(file: StagedFile): AttachmentContent {
  const mimeType = file.mimeType?.toLowerCase();
  const declaredText =
    mimeType !== undefined && (mimeType.startsWith('text/') || TEXT_TYPES.test(mimeType));
  if (declaredText || (!mimeType && looksLikeText(file.bytes))) {
    return { mimeType: mimeType ?? 'text/plain', text: file.bytes.toString('utf8') };
  }
  return { ...(mimeType ? { mimeType } : {}), blob: file.bytes.toString('base64') };
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  // eslint-disable-next-line no-control-regex -- control bytes are what marks a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(sample.toString('latin1'))) return false;
  return !sample.toString('utf8').includes('\uFFFD');
}
