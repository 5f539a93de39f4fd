import { z } from 'zod';
import { requestToolsSchema } from './toolSearch';
import { hostTextSchema } from '../text/hostTextSchema';
import { AppErrorCode } from '../errors';
import { turnError } from './turnError';
import { conversationMessageSchema, toolResultBlockSchema } from './conversationMessage';
import { toolOutcomeSchema } from './toolOutcome';

/**
 * Everything one chat turn reports, as it happens. A store persists these incrementally and
 * the UI folds them into its view, so every event is self-contained: it names its
 * conversation, turn and (where it has one) tool use, and carries a per-turn sequence number.
 */

/** An error as a person sees it: a stable code and a readable message. */
export const turnErrorSchema = z.object({
  code: z.enum(AppErrorCode),
  /** In English; `text`, when main wrote it, is the same for the window's language. */
  message: z.string(),
  text: hostTextSchema.optional(),
});

export { turnError };
export type TurnError = z.infer<typeof turnErrorSchema>;

/** Token counts as the API reports them. */
export const tokenUsageSchema = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  cacheCreationInputTokens: z.number().int().nonnegative(),
  cacheReadInputTokens: z.number().int().nonnegative(),
  /** The tool definitions the request carried (absent before tool search existed). */
  tools: requestToolsSchema.optional(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** Why a turn ended; each reason carries only what is true of it. */
export const turnStopSchema = z.discriminatedUnion('reason', [
  z.object({
    reason: z.literal('end_turn'),
    /** The API's `stop_reason` of the last response (`end_turn`, `max_tokens`, `refusal`, …). */
    modelStopReason: z.string(),
  }),
  z.object({ reason: z.literal('max_steps'), maxSteps: z.number().int().positive() }),
  z.object({ reason: z.literal('stopped') }),
  z.object({ reason: z.literal('failed'), error: turnErrorSchema }),
]);
export type TurnStop = z.infer<typeof turnStopSchema>;
export type TurnStopReason = TurnStop['reason'];

/** How a tool call ended: ran fine, ran and failed, cancelled by a stop, or never run. */
export const toolResultStatusSchema = z.enum(['ok', 'error', 'cancelled', 'skipped']);
export type ToolResultStatus = z.infer<typeof toolResultStatusSchema>;

const base = {
  conversationId: z.string(),
  turnId: z.string(),
  /** 0, 1, 2, … within the turn: the order to apply events in. */
  seq: z.number().int().nonnegative(),
  /** Epoch milliseconds. */
  at: z.number(),
};
/** Model requests in a turn are numbered from 1. */
const step = z.number().int().positive();

export const conversationEventSchema = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('turnStarted'),
    /** The model ref `provider/model` the turn runs on. */
    model: z.string(),
    maxSteps: z.number().int().positive(),
  }),
  /** A model request goes out; `attempt` > 1 after a retry. */
  z.object({
    ...base,
    type: z.literal('requestStarted'),
    step,
    attempt: z.number().int().positive(),
  }),
  /** Text appended to block `blockIndex` of the step's assistant message. */
  z.object({
    ...base,
    type: z.literal('textDelta'),
    step,
    blockIndex: z.number().int().nonnegative(),
    text: z.string(),
  }),
  /** Reasoning appended to block `blockIndex` (a `reasoning` block), shown folded. */
  z.object({
    ...base,
    type: z.literal('reasoningDelta'),
    step,
    blockIndex: z.number().int().nonnegative(),
    text: z.string(),
  }),
  /** A model request failed before anything streamed; the next attempt follows after `delayMs`. */
  z.object({
    ...base,
    type: z.literal('retrying'),
    step,
    /** The attempt that will be made after the delay (2 for the first retry). */
    attempt: z.number().int().positive(),
    delayMs: z.number().int().nonnegative(),
    reason: turnErrorSchema,
  }),
  /** Tokens of one step (one model response), complete or cut short. */
  z.object({ ...base, type: z.literal('usage'), step, usage: tokenUsageSchema }),
  /**
   * A message joins the conversation: the assistant's (complete, or `partial` when the stream
   * failed or was stopped) and the user message carrying tool results.
   */
  z.object({
    ...base,
    type: z.literal('messageAdded'),
    step,
    message: conversationMessageSchema,
    partial: z.boolean(),
  }),
  /**
   * The model is still writing a tool call's input: `json` continues what earlier events of this
   * call carried (best effort, at most a few per second; toolUseStarted has the whole input).
   */
  z.object({
    ...base,
    type: z.literal('toolInputDelta'),
    step,
    blockIndex: z.number().int().nonnegative(),
    toolUseId: z.string(),
    modelName: z.string(),
    json: z.string(),
  }),
  /** The loop takes up a tool call the model made (every tool_use gets one, then one result). */
  z.object({
    ...base,
    type: z.literal('toolUseStarted'),
    step,
    toolUseId: z.string(),
    modelName: z.string(),
    input: z.unknown(),
  }),
  z.object({
    ...base,
    type: z.literal('toolProgress'),
    step,
    toolUseId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('toolResult'),
    step,
    toolUseId: z.string(),
    modelName: z.string(),
    status: toolResultStatusSchema,
    /** Everything the tool returned, never truncated. */
    outcome: toolOutcomeSchema,
    /** Exactly what the model was given. */
    sent: toolResultBlockSchema,
    truncated: z.boolean(),
    /** Characters of text in the full result and in what was sent. */
    totalChars: z.number().int().nonnegative(),
    sentChars: z.number().int().nonnegative(),
    durationMs: z.number().nonnegative(),
  }),
  z.object({
    ...base,
    type: z.literal('turnFinished'),
    stop: turnStopSchema,
    /** Model requests made (retries of one step count once). */
    steps: z.number().int().nonnegative(),
    usage: tokenUsageSchema,
  }),
]);
export type ConversationEvent = z.infer<typeof conversationEventSchema>;
export type ConversationEventType = ConversationEvent['type'];

/** The event of one type, e.g. `ConversationEventOf<'toolResult'>`. */
export type ConversationEventOf<T extends ConversationEventType> = Extract<
  ConversationEvent,
  { type: T }
>;
