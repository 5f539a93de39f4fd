import { z } from 'zod';
import { TOOL_RESULT_PREVIEW_CHARS, TOOL_RESULT_TEXT_SLICE_CHARS } from './toolResultLimits';
import { approvalOutcomeSchema } from './approvals';
import { attachmentViewSchema } from './attachments';
import { tokenUsageSchema, turnErrorSchema } from './conversationEvents';
import { messageBlockSchema } from './conversationMessage';

/** One conversation in the list. */
export const conversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The model ref (`provider/model`) chosen for this conversation. */
  model: z.string().optional(),
  /** Start of the last message, for the list. */
  preview: z.string().optional(),
  /** A search hit's surrounding text, when listed by a query. */
  snippet: z.string().optional(),
  /** True while a turn runs in it. */
  running: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const messageStatusSchema = z.enum([
  'complete',
  'streaming',
  'interrupted',
  'failed',
  'stopped',
]);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A stored message: Anthropic content blocks plus what happened to it. */
export const messageViewSchema = z.object({
  id: z.string(),
  ordinal: z.number().int(),
  role: z.enum(['user', 'assistant']),
  content: z.array(messageBlockSchema),
  status: messageStatusSchema,
  error: turnErrorSchema.optional(),
  usage: tokenUsageSchema.optional(),
  /** Who wrote it (assistant messages): the provider's id and its model id. */
  provider: z.string().optional(),
  model: z.string().optional(),
  createdAt: z.number(),
  /** What the person attached (user messages): origin and size, the bytes are in `content`. */
  attachments: z.array(attachmentViewSchema).optional(),
  /** An edited message's place in its versions ("2 / 3"); absent when there is one version. */
  branch: z.object({ index: z.number().int().min(1), count: z.number().int().min(2) }).optional(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const toolCallStatusSchema = z.enum([
  'pending',
  'awaiting-approval',
  'running',
  'done',
  'failed',
  'cancelled',
  'denied',
]);
export type ToolCallStatus = z.infer<typeof toolCallStatusSchema>;

/** A tool call as its card shows it; the full result is fetched on demand. */
export const toolCallViewSchema = z.object({
  toolUseId: z.string(),
  server: z.string(),
  tool: z.string(),
  modelName: z.string(),
  arguments: z.unknown(),
  status: toolCallStatusSchema,
  startedAt: z.number().optional(),
  durationMs: z.number().optional(),
  progress: z
    .object({ progress: z.number(), total: z.number().optional(), message: z.string().optional() })
    .optional(),
  /** Characters of the full result and whether the model got a cut version. */
  totalChars: z.number().int().optional(),
  truncated: z.boolean().optional(),
  approval: approvalOutcomeSchema.optional(),
  /** The tool's App (`ui://` resource) when the call was made: the card shows it. */
  uiResourceUri: z.string().optional(),
});
export type ToolCallView = z.infer<typeof toolCallViewSchema>;

export { TOOL_RESULT_PREVIEW_CHARS, TOOL_RESULT_TEXT_SLICE_CHARS };
