import type {
  AttachmentInput,
  AttachmentView,
  InlineAttachmentInput,
} from '../../shared/domain/attachments';
import {
  inlineAttachmentBytes,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from '../../shared/domain/attachmentLimits';

/** An attachment waiting in the composer: what goes to main, and what its chip shows. */
export interface DraftAttachment {
  /** Stable per resource (`server` + `uri`), so attaching one twice is noticed. */
  id: string;
  input: AttachmentInput;
  name: string;
  server: string;
  uri?: string;
  mimeType?: string;
  /** Bytes when known (a listing's size, a read's total, an inline attachment's content). */
  size?: number;
  /** When it was put in the composer, to tell whether a watched resource changed since. */
  addedAt: number;
  /** A file from the computer still on its way to main: the message waits for it. */
  uploading?: boolean;
}

/** Identifies a server's resource across the composer, messages and subscriptions. */
export function resourceKey(server: string, uri: string): string {
  return `${server}\n${uri}`;
}

let inlineCounter = 0;

/** A resource the person picked; main reads it when the message is sent. */
export function resourceDraft(
  server: string,
  resource: { uri: string; name: string; title?: string; mimeType?: string; size?: number },
  at: number,
): DraftAttachment {
  return {
    id: resourceKey(server, resource.uri),
    input: { kind: 'resource', server, uri: resource.uri },
    name: resource.title ?? resource.name,
    server,
    uri: resource.uri,
    ...(resource.mimeType !== undefined ? { mimeType: resource.mimeType } : {}),
    ...(resource.size !== undefined ? { size: resource.size } : {}),
    addedAt: at,
  };
}

/** Content that came with a prompt's messages (an image, an embedded resource). */
export function inlineDraft(input: InlineAttachmentInput, at: number): DraftAttachment {
  return {
    id: `inline:${String(++inlineCounter)}`,
    input,
    name: input.name,
    server: input.server,
    ...(input.uri !== undefined ? { uri: input.uri } : {}),
    ...(input.mimeType !== undefined ? { mimeType: input.mimeType } : {}),
    size: inlineAttachmentBytes(input),
    addedAt: at,
  };
}

export type AddOutcome =
  | { ok: true; list: DraftAttachment[] }
  | { ok: false; reason: 'duplicate' | 'tooMany' | 'tooLarge'; list: DraftAttachment[] };

/** A file the person picked, dropped or pasted; its bytes go to main ahead of the message. */
export function fileDraft(
  file: { name: string; type: string; size: number },
  at: number,
): DraftAttachment {
  return {
    id: `file:${String(++inlineCounter)}`,
    input: { kind: 'file', stagingId: '' },
    name: file.name,
    server: '',
    ...(file.type ? { mimeType: file.type } : {}),
    size: file.size,
    addedAt: at,
    uploading: true,
  };
}

/** Bytes carried by the message itself (files and prompt content; resources are read by main). */
function inlineBytes(list: readonly DraftAttachment[]): number {
  return list.reduce((sum, a) => sum + (a.input.kind !== 'resource' ? (a.size ?? 0) : 0), 0);
}

/**
 * Adds attachments in order, refusing what main would refuse anyway: the same resource
 * twice, more than MAX_ATTACHMENTS, inline content above MAX_ATTACHMENT_BYTES in total.
 * Items before a refused one are kept.
 */
export function addDrafts(
  list: readonly DraftAttachment[],
  items: readonly DraftAttachment[],
): AddOutcome {
  let next = [...list];
  for (const item of items) {
    if (next.some((a) => a.id === item.id)) return { ok: false, reason: 'duplicate', list: next };
    if (next.length >= MAX_ATTACHMENTS) return { ok: false, reason: 'tooMany', list: next };
    if (
      item.input.kind !== 'resource' &&
      inlineBytes(next) + (item.size ?? 0) > MAX_ATTACHMENT_BYTES
    )
      return { ok: false, reason: 'tooLarge', list: next };
    next = [...next, item];
  }
  return { ok: true, list: next };
}

export function removeDraft(list: readonly DraftAttachment[], id: string): DraftAttachment[] {
  return list.filter((a) => a.id !== id);
}

/** What `conversation.send` carries. */
export function draftInputs(list: readonly DraftAttachment[]): AttachmentInput[] {
  return list.map((a) => a.input);
}

/** A kind of content, for the chip's icon. */
export type AttachmentKind = 'text' | 'image' | 'pdf' | 'binary';

export function attachmentKind(mimeType: string | undefined): AttachmentKind {
  if (!mimeType) return 'text';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  if (
    mimeType.startsWith('text/') ||
    /json|xml|yaml|javascript|typescript|csv|markdown|toml|sql|x-sh/.test(mimeType)
  )
    return 'text';
  return 'binary';
}

/**
 * How a draft shows on the sent message until main's stored view arrives: main decides how
 * each one goes to the model, so `as` here is the likely answer, replaced on read-back.
 */
export function shownAttachment(a: DraftAttachment): AttachmentView {
  const kind = attachmentKind(a.mimeType);
  return {
    server: a.server,
    origin: a.input.kind === 'inline' ? 'prompt' : a.input.kind === 'file' ? 'file' : 'resource',
    name: a.name,
    size: a.size ?? 0,
    as: kind === 'image' ? 'image' : kind === 'binary' ? 'note' : 'document',
    ...(a.uri !== undefined ? { uri: a.uri } : {}),
    ...(a.mimeType !== undefined ? { mimeType: a.mimeType } : {}),
  };
}
