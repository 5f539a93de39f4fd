import { z } from 'zod';
import { IMAGE_MEDIA_TYPES, type ImageMediaType } from './imageMediaTypes';

/**
 * Conversation messages in the Anthropic Messages API's own `MessageParam` shape (snake_case
 * and all), restricted to the blocks Switchboard produces, plus a `reasoning` block of our own.
 * This is the one stored form whatever model wrote a message; each provider adapter maps it to
 * its wire (main/services/models).
 */
export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });

/** The image types the Messages API accepts inline. */
export const imageMediaTypeSchema = z.enum(IMAGE_MEDIA_TYPES);
export type { ImageMediaType };

export const imageBlockSchema = z.object({
  type: z.literal('image'),
  source: z.object({
    type: z.literal('base64'),
    media_type: imageMediaTypeSchema,
    data: z.string(),
  }),
});

/** A document for the model: plain text or a base64 PDF (how resources are attached). */
export const documentBlockSchema = z.object({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), media_type: z.literal('text/plain'), data: z.string() }),
    z.object({
      type: z.literal('base64'),
      media_type: z.literal('application/pdf'),
      data: z.string(),
    }),
  ]),
  title: z.string().optional(),
  context: z.string().optional(),
});

export const toolUseBlockSchema = z.object({
  type: z.literal('tool_use'),
  id: z.string(),
  /** The model-facing tool name (see the catalog for how it maps to a server and tool). */
  name: z.string(),
  input: z.unknown(),
});

export const toolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.array(z.discriminatedUnion('type', [textBlockSchema, imageBlockSchema])).optional(),
  is_error: z.boolean().optional(),
  /**
   * Set by the host in a window's pages of history, never sent to a model: the content was
   * long and left out, and the call's stored result is read when its card opens.
   */
  omitted: z.literal(true).optional(),
});

/** Claude's signed thinking: sent back to Claude as it came (the signature proves it), shown folded. */
export const thinkingBlockSchema = z.object({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string(),
});

export const redactedThinkingBlockSchema = z.object({
  type: z.literal('redacted_thinking'),
  data: z.string(),
});

/**
 * Reasoning a model streamed as readable text (DeepSeek's `reasoning_content` and the like).
 * Shown folded; never sent back to any API, as some providers refuse it in a request.
 */
export const reasoningBlockSchema = z.object({ type: z.literal('reasoning'), text: z.string() });

/** Claude's own tool search tool, as named on the wire. */
export const toolSearchToolNameSchema = z.enum(['tool_search_tool_bm25', 'tool_search_tool_regex']);

/**
 * Claude searching the deferred tools itself (server-side tool search): the search it ran.
 * Kept so the history shows the API which tools were loaded; never sent to other providers.
 */
export const serverToolUseBlockSchema = z.object({
  type: z.literal('server_tool_use'),
  id: z.string(),
  name: toolSearchToolNameSchema,
  input: z.unknown(),
});

/** What Claude's tool search found: references to deferred tools, now loaded, or an error. */
export const toolSearchResultBlockSchema = z.object({
  type: z.literal('tool_search_tool_result'),
  tool_use_id: z.string(),
  content: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('tool_search_tool_search_result'),
      tool_references: z.array(
        z.object({ type: z.literal('tool_reference'), tool_name: z.string() }),
      ),
    }),
    z.object({
      type: z.literal('tool_search_tool_result_error'),
      /** The API's codes; anything newer is kept as `unavailable` with its message. */
      error_code: z.enum([
        'invalid_tool_input',
        'unavailable',
        'too_many_requests',
        'execution_time_exceeded',
      ]),
      error_message: z.string().nullable().optional(),
    }),
  ]),
});

export const messageBlockSchema = z.discriminatedUnion('type', [
  textBlockSchema,
  imageBlockSchema,
  documentBlockSchema,
  toolUseBlockSchema,
  toolResultBlockSchema,
  thinkingBlockSchema,
  redactedThinkingBlockSchema,
  reasoningBlockSchema,
  serverToolUseBlockSchema,
  toolSearchResultBlockSchema,
]);

export type TextBlock = z.infer<typeof textBlockSchema>;
export type ImageBlock = z.infer<typeof imageBlockSchema>;
export type DocumentBlock = z.infer<typeof documentBlockSchema>;
export type ToolUseBlock = z.infer<typeof toolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
export type ReasoningBlock = z.infer<typeof reasoningBlockSchema>;
export type ServerToolUseBlock = z.infer<typeof serverToolUseBlockSchema>;
export type ToolSearchResultBlock = z.infer<typeof toolSearchResultBlockSchema>;
export type MessageBlock = z.infer<typeof messageBlockSchema>;

export const conversationMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(messageBlockSchema)]),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;
