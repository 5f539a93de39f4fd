import { z } from 'zod';
import {
  conversationSummarySchema,
  messageViewSchema,
  toolCallViewSchema,
} from './conversationViews';
import { toolOutcomeSchema } from './toolOutcome';

/**
 * A whole conversation as one document: what "Export as JSON" saves and what the Markdown
 * export is written from. The branch that shows, oldest first, with every tool call's full
 * result; content blocks are the Messages API's, as stored.
 */
export const conversationExportSchema = z.object({
  format: z.literal('switchboard.conversation'),
  version: z.literal(1),
  /** ISO 8601. */
  exportedAt: z.string(),
  conversation: conversationSummarySchema,
  messages: z.array(messageViewSchema),
  toolCalls: z.array(toolCallViewSchema.extend({ result: toolOutcomeSchema.optional() })),
});
export type ConversationExport = z.infer<typeof conversationExportSchema>;
