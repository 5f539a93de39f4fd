import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_TEXT_CHARS,
  MAX_IMAGE_BYTES,
  type AttachmentInput,
  type AttachmentView,
} from '../../../shared/domain/attachments';
import type { MessageBlock } from '../../../shared/domain/conversationMessage';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { nameFromUri } from '../../../shared/domain/nameFromUri';
import { fileContent } from './fileContent';
import type { StagedFile } from './StagedFiles';
import { toAttachmentBlocks, type AttachmentContent } from './toAttachmentBlocks';
import { hostText } from '../../../shared/text/hostText';

/** Reads one resource of one server (the supervisor's session in the host). */
export type ReadResource = (server: string, uri: string) => Promise<{ contents: unknown[] }>;
/** A file the person attached from their computer, staged in main (see StagedFiles). */
export type ReadStagedFile = (stagingId: string) => StagedFile;

/** The limits a message's attachments must stay within. */
export interface AttachmentLimits {
  maxBytes: number;
  maxTextChars: number;
}

/**
 * The Messages API refuses an image above 5 MB of base64 and fails the whole request; refusing
 * the send here says which attachment and keeps the person's message in the composer.
 */
export const MAX_IMAGE_BASE64_BYTES = (MAX_IMAGE_BYTES / 3) * 4;

export const defaultAttachmentLimits: AttachmentLimits = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  maxTextChars: MAX_ATTACHMENT_TEXT_CHARS,
};

/** The blocks that go to the model and the views stored with the message. */
export interface ResolvedAttachments {
  blocks: MessageBlock[];
  views: AttachmentView[];
}

/**
 * Turns a message's attachments into content blocks. Resources are read now, in parallel, so
 * the model gets what the server holds at send time; a failed read fails the send with the
 * server's reason (nothing is stored). Above the limits the send is refused with a clear
 * message, before anything is written.
 */
export async function resolveAttachments(
  inputs: readonly AttachmentInput[],
  read: ReadResource,
  limits: AttachmentLimits = defaultAttachmentLimits,
  readStaged: ReadStagedFile = () => {
    throw new AppError(AppErrorCode.Unsupported, hostText('files.notHere'));
  },
): Promise<ResolvedAttachments> {
  const items = await Promise.all(
    inputs.map(async (input) => {
      if (input.kind === 'file') {
        const file = readStaged(input.stagingId);
        return { input, name: file.name, contents: [fileContent(file)] };
      }
      if (input.kind === 'inline') {
        const content: AttachmentContent = {
          ...(input.uri !== undefined ? { uri: input.uri } : {}),
          ...(input.mimeType !== undefined ? { mimeType: input.mimeType } : {}),
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.blob !== undefined ? { blob: input.blob } : {}),
        };
        if (content.text === undefined && content.blob === undefined) content.text = '';
        return { input, name: input.name, contents: [content] };
      }
      let result: { contents: unknown[] };
      try {
        result = await read(input.server, input.uri);
      } catch (error) {
        const app = AppError.from(error);
        throw new AppError(
          app.code,
          hostText('attachments.cannotRead', {
            uri: input.uri,
            server: input.server,
            reason: app.text ?? hostText('foreign', { text: app.message }),
          }),
          { server: input.server, uri: input.uri },
        );
      }
      return {
        input,
        name: nameFromUri(input.uri),
        contents: result.contents.map(toContent),
      };
    }),
  );

  const blocks: MessageBlock[] = [];
  const views: AttachmentView[] = [];
  let sentBytes = 0;
  let sentChars = 0;
  let oversizedImage: { server: string; uri?: string; name: string; bytes: number } | undefined;
  for (const { input, name, contents } of items) {
    const origin =
      input.kind === 'file' ? 'file' : input.kind === 'resource' ? 'resource' : 'prompt';
    const server = input.kind === 'file' ? '' : input.server;
    const uri = input.kind === 'file' ? undefined : input.uri;
    const context =
      input.kind === 'file'
        ? `Attached by the person: the file ${name} from their computer.`
        : uri
          ? `Attached by the person: ${uri} from the MCP server “${server}”.`
          : `Attached by the person from a prompt of the MCP server “${server}”.`;
    let size = 0;
    let as: AttachmentView['as'] = 'text';
    let mimeType: string | undefined;
    for (const [index, content] of contents.entries()) {
      const mapped = toAttachmentBlocks(
        content,
        contents.length > 1 ? `${name} (${String(index + 1)})` : name,
        context,
      );
      if (mapped.as === 'image' && Math.ceil(mapped.bytes / 3) * 4 > MAX_IMAGE_BASE64_BYTES) {
        oversizedImage ??= { server, uri, name, bytes: mapped.bytes };
      }
      blocks.push(...mapped.blocks);
      size += mapped.bytes;
      sentBytes += mapped.sentBytes;
      sentChars += mapped.sentChars;
      if (index === 0) {
        as = mapped.as;
        mimeType = content.mimeType;
      }
    }
    views.push({
      server,
      origin,
      ...(uri !== undefined ? { uri } : {}),
      name,
      ...(mimeType !== undefined ? { mimeType } : {}),
      size,
      as,
    });
  }
  if (sentBytes > limits.maxBytes) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('attachments.tooLarge', {
        size: formatBytes(sentBytes),
        max: formatBytes(limits.maxBytes),
      }),
      { bytes: sentBytes, maxBytes: limits.maxBytes },
    );
  }
  if (sentChars > limits.maxTextChars) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('attachments.tooMuchText', {
        chars: sentChars.toLocaleString('en-US'),
        max: limits.maxTextChars.toLocaleString('en-US'),
      }),
      { chars: sentChars, maxChars: limits.maxTextChars },
    );
  }
  if (oversizedImage) {
    const { name, bytes, uri, server } = oversizedImage;
    throw new AppError(
      AppErrorCode.Validation,
      hostText('attachments.imageTooLarge', {
        name,
        size: formatBytes(bytes),
        max: formatBytes(MAX_IMAGE_BYTES),
      }),
      { server, ...(uri !== undefined ? { uri } : {}), bytes },
    );
  }
  return { blocks, views };
}

function toContent(value: unknown): AttachmentContent {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const pick = (key: string) => (typeof record[key] === 'string' ? record[key] : undefined);
  const uri = pick('uri');
  const mimeType = pick('mimeType');
  const text = pick('text');
  const blob = pick('blob');
  return {
    ...(uri !== undefined ? { uri } : {}),
    ...(mimeType !== undefined ? { mimeType } : {}),
    ...(text !== undefined ? { text } : blob !== undefined ? { blob } : { text: '' }),
  };
}
