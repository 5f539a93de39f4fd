import { z } from 'zod';
import { MAX_REJECT_REASON } from './reasonLimits';

/**
 * Server-initiated interactions: what a server asks of the host (a model completion, answers
 * from the person, a page to open, the folders it may use) as main's broker shows them to the
 * person, and the person's answers. The broker (main/services/interactions) decides; these only
 * describe.
 */

const jsonObject = z.record(z.string(), z.unknown());
const interactionId = z.string().min(1).max(200);

/**
 * One MCP sampling content block, kept in MCP's own shape (camelCase, as the server sent it):
 * text, image, audio, tool_use, tool_result. Unknown types pass through; the UI renders the
 * types it knows.
 */
export const samplingBlockSchema = z.looseObject({ type: z.string() });
export type SamplingBlock = z.infer<typeof samplingBlockSchema>;

export const samplingMessageViewSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.array(samplingBlockSchema),
});
export type SamplingMessageView = z.infer<typeof samplingMessageViewSchema>;

export const samplingToolSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: jsonObject,
});

export const modelPreferencesSchema = z.object({
  hints: z.array(z.object({ name: z.string().optional() })).optional(),
  costPriority: z.number().optional(),
  speedPriority: z.number().optional(),
  intelligencePriority: z.number().optional(),
});

/** A sampling request as the server sent it (the person may edit parts before approving). */
export const samplingRequestViewSchema = z.object({
  systemPrompt: z.string().optional(),
  messages: z.array(samplingMessageViewSchema),
  maxTokens: z.number().int(),
  temperature: z.number().optional(),
  stopSequences: z.array(z.string()).optional(),
  includeContext: z.string().optional(),
  modelPreferences: modelPreferencesSchema.optional(),
  tools: z.array(samplingToolSchema).optional(),
  toolChoice: jsonObject.optional(),
});
export type SamplingRequestView = z.infer<typeof samplingRequestViewSchema>;

/** Set when a chat turn's tool call to the same server was running when the server asked. */
export const interactionOriginSchema = z.object({
  conversationId: z.string().optional(),
  toolUseId: z.string().optional(),
  /** Set when the server sent the request as a client-side task (the Tasks list links to it). */
  clientTaskId: z.string().optional(),
  /**
   * When the server stops waiting for the answer (epoch ms): a client-side task's time to live,
   * the one deadline the protocol lets a request carry. Windows count down to it.
   */
  deadlineAt: z.number().optional(),
});
export type InteractionOrigin = z.infer<typeof interactionOriginSchema>;

const base = {
  id: interactionId,
  /** The server's name in the servers file. */
  server: z.string(),
  createdAt: z.number(),
  origin: interactionOriginSchema,
};

export const samplingStageSchema = z.enum(['review-request', 'generating', 'review-result']);
export type SamplingStage = z.infer<typeof samplingStageSchema>;

export const samplingResultViewSchema = z.object({
  model: z.string(),
  stopReason: z.string().optional(),
  content: z.array(samplingBlockSchema),
});
export type SamplingResultView = z.infer<typeof samplingResultViewSchema>;

export const samplingInteractionSchema = z.object({
  ...base,
  kind: z.literal('sampling'),
  stage: samplingStageSchema,
  request: samplingRequestViewSchema,
  /** From the request's model hints mapped to available models, else the default model. */
  suggestedModel: z.string(),
  /** The per-server cap on max tokens, from the server's policy. */
  maxTokensLimit: z.number().int().optional(),
  /** The generated completion, in `review-result`. */
  result: samplingResultViewSchema.optional(),
  /** Generation failed: shown; the person may regenerate or reject. */
  error: z.string().optional(),
});
export type SamplingInteraction = z.infer<typeof samplingInteractionSchema>;

export const elicitationFormInteractionSchema = z.object({
  ...base,
  kind: z.literal('elicitation-form'),
  message: z.string(),
  /** A flat object schema, as the server sent it. */
  requestedSchema: jsonObject,
});
export type ElicitationFormInteraction = z.infer<typeof elicitationFormInteractionSchema>;

export const urlStageSchema = z.enum(['consent', 'opened', 'completed']);
export type UrlStage = z.infer<typeof urlStageSchema>;

export const elicitationUrlInteractionSchema = z.object({
  ...base,
  kind: z.literal('elicitation-url'),
  message: z.string(),
  url: z.string(),
  host: z.string(),
  /** True for https; the UI warns otherwise. */
  secure: z.boolean(),
  elicitationId: z.string().optional(),
  stage: urlStageSchema,
  /** True when it came from a "URL elicitation required" error (-32042) on a tool call. */
  retryToolCall: z.boolean(),
  /**
   * Set when the App (interactive UI) of this tool asks, not the server itself; `appId` names
   * that App (its requests wait one at a time, and the person may allow its pages of this
   * origin from now on: `open-app`).
   */
  app: z.object({ tool: z.string(), appId: z.string().optional() }).optional(),
});
export type ElicitationUrlInteraction = z.infer<typeof elicitationUrlInteractionSchema>;

export const interactionViewSchema = z.discriminatedUnion('kind', [
  samplingInteractionSchema,
  elicitationFormInteractionSchema,
  elicitationUrlInteractionSchema,
]);
export type InteractionView = z.infer<typeof interactionViewSchema>;

export const interactionOutcomeSchema = z.enum([
  'approved',
  'rejected',
  'accepted',
  'declined',
  'cancelled',
  /** The server cancelled or disconnected: the panel closes. */
  'withdrawn',
  'completed',
]);
export type InteractionOutcome = z.infer<typeof interactionOutcomeSchema>;

export { MAX_REJECT_REASON };
const MAX_EDIT_TEXT = 1_000_000;

export const samplingDecisionSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('approve-request'),
      model: z.string().min(1).max(200),
      maxTokens: z.number().int().min(1).max(1_000_000),
      systemPrompt: z.string().max(MAX_EDIT_TEXT).optional(),
      /** Edits of text blocks only, addressed by message and block index. */
      texts: z
        .array(
          z
            .object({
              message: z.number().int().nonnegative(),
              block: z.number().int().nonnegative(),
              text: z.string().max(MAX_EDIT_TEXT),
            })
            .strict(),
        )
        .max(1000),
    })
    .strict(),
  z
    .object({
      action: z.literal('approve-result'),
      texts: z
        .array(
          z
            .object({ block: z.number().int().nonnegative(), text: z.string().max(MAX_EDIT_TEXT) })
            .strict(),
        )
        .max(1000),
    })
    .strict(),
  z.object({ action: z.literal('regenerate') }).strict(),
  z
    .object({
      action: z.literal('reject'),
      reason: z.string().trim().max(MAX_REJECT_REASON).optional(),
    })
    .strict(),
]);
export type SamplingDecision = z.infer<typeof samplingDecisionSchema>;

/** A value the person typed into a generated form field. */
export const elicitationValueSchema = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(10_000)).max(1000),
]);
export type ElicitationValue = z.infer<typeof elicitationValueSchema>;

export const elicitationResponseSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('accept'),
      content: z.record(z.string().max(200), elicitationValueSchema),
    })
    .strict(),
  z.object({ action: z.literal('decline') }).strict(),
  z.object({ action: z.literal('cancel') }).strict(),
]);
export type ElicitationResponse = z.infer<typeof elicitationResponseSchema>;

/** open = the person consented; retry = re-run the tool call after a -32042 error. */
/** `open-app`: open it, and let this App open pages of the same origin without asking again. */
export const urlActionSchema = z.enum(['open', 'open-app', 'decline', 'cancel', 'retry']);
export type UrlAction = z.infer<typeof urlActionSchema>;

/** A folder the person granted to servers. */
export const rootViewSchema = z.object({
  path: z.string(),
  uri: z.string(),
  name: z.string(),
  exists: z.boolean(),
});
export type RootView = z.infer<typeof rootViewSchema>;

export const samplingPolicySchema = z.enum(['ask', 'deny']);

export const serverInteractionPolicySchema = z
  .object({
    sampling: samplingPolicySchema,
    /** The most tokens one sampling request of this server may ask for. */
    maxTokens: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();
export type ServerInteractionPolicy = z.infer<typeof serverInteractionPolicySchema>;

export const interactionPoliciesSchema = z.record(z.string(), serverInteractionPolicySchema);
export type InteractionPolicies = z.infer<typeof interactionPoliciesSchema>;

export const DEFAULT_INTERACTION_POLICY: ServerInteractionPolicy = { sampling: 'ask' };
