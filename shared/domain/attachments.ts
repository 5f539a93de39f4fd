import { z } from 'zod';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, inlineAttachmentBytes } from './attachmentLimits';
import { promptViewSchema, resourceTemplateViewSchema, resourceViewSchema } from './mcpViews';

const serverName = z.string().min(1).max(200);
const uri = z.string().min(1).max(8192);

// The limits live without schemas, so the window can use them without building any.
export {
  FILE_CHUNK_CHARS,
  LARGE_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENT_TEXT_CHARS,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  base64Bytes,
  inlineAttachmentBytes,
} from './attachmentLimits';

/** What a completion is asked for: an argument of a resource template or of a prompt. */
export const completionRefSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/resource'), uri }).strict(),
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1).max(1000) }).strict(),
]);
export type CompletionRef = z.infer<typeof completionRefSchema>;

/**
 * Something the person attaches to a message. A `resource` is read by main at send time (the
 * renderer never carries its bytes); `inline` is content that came with a prompt's messages;
 * a `file` from the person's computer was sent to main ahead, in pieces (`attachments.stageFile`).
 */
export const attachmentInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resource'), server: serverName, uri }).strict(),
  z.object({ kind: z.literal('file'), stagingId: z.string().min(1).max(100) }).strict(),
  z
    .object({
      kind: z.literal('inline'),
      server: serverName,
      origin: z.literal('prompt'),
      name: z.string().min(1).max(1000),
      mimeType: z.string().max(200).optional(),
      uri: uri.optional(),
      text: z.string().optional(),
      /** base64 */
      blob: z.string().optional(),
    })
    .strict(),
]);
export type AttachmentInput = z.infer<typeof attachmentInputSchema>;
export type InlineAttachmentInput = Extract<AttachmentInput, { kind: 'inline' }>;
/** What a server's resources and prompts give: everything but a file from the computer. */
export type ServerAttachmentInput = Exclude<AttachmentInput, { kind: 'file' }>;

export const attachmentInputsSchema = z
  .array(attachmentInputSchema)
  .max(MAX_ATTACHMENTS)
  .refine(
    (list) =>
      list.reduce((sum, a) => sum + (a.kind === 'inline' ? inlineAttachmentBytes(a) : 0), 0) <=
      MAX_ATTACHMENT_BYTES,
    { message: `Attachments larger than ${String(MAX_ATTACHMENT_BYTES / 1024 / 1024)} MiB` },
  );

/** How an attachment went to the model. */
export const attachmentAsSchema = z.enum(['text', 'document', 'image', 'note']);
export type AttachmentAs = z.infer<typeof attachmentAsSchema>;

/**
 * An attachment as stored with its message: where it came from, not its bytes. `app` is context
 * an App set for the model (or a note that an App failed), sent along by the host.
 */
export const attachmentViewSchema = z.object({
  /** The MCP server it came from; empty for a file from the person's computer. */
  server: z.string(),
  origin: z.enum(['resource', 'prompt', 'app', 'file']),
  uri: z.string().optional(),
  name: z.string(),
  mimeType: z.string().optional(),
  /** Bytes (decoded). */
  size: z.number().int().nonnegative(),
  as: attachmentAsSchema,
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** One server's resources for the picker; `error` when listing failed (others still show). */
export const serverResourcesSchema = z.object({
  server: z.string(),
  resources: z.array(resourceViewSchema),
  templates: z.array(resourceTemplateViewSchema),
  error: z.string().optional(),
});
export type ServerResources = z.infer<typeof serverResourcesSchema>;

export const serverPromptsSchema = z.object({
  server: z.string(),
  prompts: z.array(promptViewSchema),
  error: z.string().optional(),
});
export type ServerPrompts = z.infer<typeof serverPromptsSchema>;

export const completionResultSchema = z.object({
  values: z.array(z.string()),
  total: z.number().int().optional(),
  hasMore: z.boolean().optional(),
});
export type CompletionResult = z.infer<typeof completionResultSchema>;

export const subscriptionViewSchema = z.object({
  server: z.string(),
  uri: z.string(),
  /** When the server last said it changed (since it was subscribed). */
  changedAt: z.number().optional(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;
