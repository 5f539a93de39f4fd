import { z } from 'zod';
import { conversationToolSearchSchema } from '../domain/toolSearch';
import {
  TOOL_RESULT_TEXT_SLICE_CHARS,
  conversationSummarySchema,
  messageViewSchema,
  toolCallViewSchema,
} from '../domain/conversationViews';
import { conversationExportSchema } from '../domain/conversationExport';
import { FILE_CHUNK_CHARS, attachmentInputsSchema } from '../domain/attachments';
import { toolOutcomeSchema } from '../domain/toolOutcome';
import { conversationId } from './contractSchemas';
import type { RequestDef } from './contract';

/** The conversations part of the contract: listing, reading, sending, stopping, branches, files, export and stored tool results. */
export const conversationRequests = {
  'conversation.list': {
    input: z.object({ query: z.string().max(500).optional() }).strict(),
    output: z.object({ conversations: z.array(conversationSummarySchema) }),
    description: 'Conversations, newest first; with a query, full-text search with snippets.',
  },
  'conversation.create': {
    input: z
      .object({
        title: z.string().max(200).optional(),
        /** The tool search choice made in the new chat before its first message. */
        toolSearch: conversationToolSearchSchema.optional(),
      })
      .strict(),
    output: conversationSummarySchema,
    description: 'Starts an empty conversation.',
  },
  'conversation.get': {
    input: z
      .object({
        id: conversationId,
        beforeOrdinal: z.number().int().optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    output: z.object({
      conversation: conversationSummarySchema,
      messages: z.array(messageViewSchema),
      toolCalls: z.array(toolCallViewSchema),
      /** Older messages exist before the first one returned. */
      hasMore: z.boolean(),
    }),
    description: 'A page of messages (newest last) with their tool calls.',
  },
  'conversation.rename': {
    input: z.object({ id: conversationId, title: z.string().trim().min(1).max(200) }).strict(),
    output: conversationSummarySchema,
    description: 'Renames a conversation.',
  },
  'conversation.delete': {
    input: z.object({ id: conversationId }).strict(),
    output: z.object({}),
    description: 'Deletes a conversation and everything in it (stops its turn first).',
  },
  'conversation.send': {
    input: z
      .object({
        conversationId,
        text: z.string().trim().max(200_000),
        model: z.string().min(1).max(200).optional(),
        attachments: attachmentInputsSchema.optional(),
      })
      .strict()
      .refine((v) => v.text.length > 0 || (v.attachments?.length ?? 0) > 0, {
        message: 'A message needs text or an attachment',
        path: ['text'],
      }),
    output: z.object({ turnId: z.string() }),
    description:
      'Adds the person’s message and runs a turn; progress arrives as conversation.streamed.',
  },
  'conversation.stop': {
    input: z.object({ conversationId }).strict(),
    output: z.object({}),
    description:
      'Stops the running turn: the stream ends, tool calls are cancelled, nothing received is lost.',
  },
  'conversation.cancelToolCall': {
    input: z.object({ conversationId, toolUseId: z.string().min(1).max(200) }).strict(),
    output: z.object({}),
    description:
      'Cancels one tool call of the running turn (waiting for approval or running); the model gets ' +
      'an error result saying the person cancelled it and the turn goes on. Nothing to do when ' +
      'the call already ended.',
  },
  'conversation.retry': {
    input: z.object({ conversationId, model: z.string().min(1).max(200).optional() }).strict(),
    output: z.object({ turnId: z.string() }),
    description: 'Runs the last turn again (after a failure, a stop or an interruption).',
  },
  'conversation.continue': {
    input: z.object({ conversationId, model: z.string().min(1).max(200).optional() }).strict(),
    output: z.object({ turnId: z.string() }),
    description:
      'Goes on with the newest reply, which was cut off (failed, stopped, interrupted) with ' +
      'some text: it is kept, and the model continues from where it ended.',
  },
  'conversation.edit': {
    input: z
      .object({
        conversationId,
        messageId: z.string(),
        text: z.string().trim().min(1).max(200_000),
      })
      .strict(),
    output: z.object({ turnId: z.string() }),
    description: 'Replaces a user message and everything after it, then runs a turn.',
  },
  'conversation.switchBranch': {
    input: z
      .object({
        conversationId,
        messageId: z.string().min(1).max(200),
        direction: z.enum(['previous', 'next']),
      })
      .strict(),
    output: conversationSummarySchema,
    description:
      'Shows the previous or next version of an edited message, with what followed that ' +
      'version; read the conversation again to see it.',
  },
  'attachments.stageFile': {
    input: z
      .object({
        stagingId: z.string().min(1).max(100).optional(),
        name: z.string().trim().min(1).max(1000),
        mimeType: z.string().max(200).optional(),
        size: z.number().int().nonnegative(),
        chunk: z.string().max(FILE_CHUNK_CHARS),
        last: z.boolean(),
      })
      .strict(),
    output: z.object({ stagingId: z.string() }),
    description:
      'One piece of a file the person attached from their computer (pieces stay under the web ' +
      'shell’s frame limit). Main keeps it until the message is sent with {kind:"file", stagingId}.',
  },
  'attachments.discardFile': {
    input: z.object({ stagingId: z.string().min(1).max(100) }).strict(),
    output: z.object({}),
    description: 'Forgets a staged file the person removed from the composer.',
  },
  'conversation.export': {
    input: z.object({ id: conversationId }).strict(),
    output: conversationExportSchema,
    description:
      'The whole conversation (the branch that shows) with full tool results, as one document ' +
      'to save as JSON or write out as Markdown.',
  },
  'conversation.getToolResult': {
    input: z
      .object({
        toolUseId: z.string().min(1).max(200),
        /** Cut every longer text block to this many characters (listed in `cut`). */
        maxTextChars: z.number().int().min(1).max(TOOL_RESULT_TEXT_SLICE_CHARS).optional(),
      })
      .strict(),
    output: z.object({
      outcome: toolOutcomeSchema,
      durationMs: z.number().optional(),
      /** Text blocks cut to `maxTextChars`: their index in `content` and whole length. */
      cut: z
        .array(z.object({ block: z.number().int().min(0), chars: z.number().int().min(0) }))
        .optional(),
    }),
    description:
      'The full, untruncated result of a tool call; with `maxTextChars`, long text blocks come cut and `conversation.getToolResultText` reads the rest.',
  },
  'conversation.getToolResultText': {
    input: z
      .object({
        toolUseId: z.string().min(1).max(200),
        /** Index of a text block (or embedded text resource) in the result's `content`. */
        block: z.number().int().min(0),
        offset: z.number().int().min(0),
        maxChars: z.number().int().min(1).max(TOOL_RESULT_TEXT_SLICE_CHARS),
      })
      .strict(),
    output: z.object({ text: z.string(), totalChars: z.number().int().min(0) }),
    description:
      'A slice of one text block of a stored tool result: `maxChars` characters from `offset`, and the block’s whole length.',
  },
} as const satisfies Record<string, RequestDef>;
