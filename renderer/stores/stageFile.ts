import {
  FILE_CHUNK_CHARS,
  MAX_ATTACHMENT_BYTES,
  MAX_IMAGE_BYTES,
} from '../../shared/domain/attachmentLimits';
import { isImageMediaType } from '../../shared/domain/imageMediaTypes';
import type { HostClient } from '../host/HostClient';

/** Why a file cannot go with a message, said before anything is sent. */
export type FileRefusal = 'fileTooLarge' | 'imageTooLarge';

/** The file as the window has it (a `File`, or anything shaped like one in tests). */
export interface LocalFile {
  name: string;
  type: string;
  size: number;
  slice: (start: number, end: number) => Blob;
}

/** Checks a file against what the model and a message accept. */
export function checkFile(file: { type: string; size: number }): FileRefusal | null {
  if (file.size > MAX_ATTACHMENT_BYTES) return 'fileTooLarge';
  if (isImageMediaType(file.type) && file.size > MAX_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}

/** Bytes per piece: base64 of this many bytes fits in one piece. */
const PIECE_BYTES = (FILE_CHUNK_CHARS / 4) * 3;

/**
 * Sends a file to main in pieces (each well under the web shell's frame limit) and returns the
 * staging id the message refers to. `onProgress` gets the bytes sent so far.
 */
export async function stageFile(
  client: HostClient,
  file: LocalFile,
  onProgress: (sent: number) => void = () => {},
): Promise<string> {
  let stagingId: string | undefined;
  let sent = 0;
  do {
    const piece = file.slice(sent, Math.min(file.size, sent + PIECE_BYTES));
    const bytes = new Uint8Array(await piece.arrayBuffer());
    const last = sent + bytes.length >= file.size;
    ({ stagingId } = await client.invoke('attachments.stageFile', {
      ...(stagingId ? { stagingId } : {}),
      name: file.name,
      ...(file.type ? { mimeType: file.type } : {}),
      size: file.size,
      chunk: toBase64(bytes),
      last,
    }));
    sent += bytes.length;
    onProgress(sent);
    if (bytes.length === 0) break;
  } while (sent < file.size);
  return stagingId;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode with a whole piece would overflow the call stack.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}
