import { z } from 'zod';

/**
 * Large tool catalogues: instead of every tool definition in every model request, a few
 * always-loaded tools plus a search tool; what a search finds is offered from then on.
 */

/** When tool search is used: above the thresholds (`auto`), always, or never. */
export const toolSearchModeSchema = z.enum(['auto', 'on', 'off']);
export type ToolSearchMode = z.infer<typeof toolSearchModeSchema>;

/** A conversation's own choice: follow the settings, or force search on or off. */
export const conversationToolSearchSchema = z.enum(['default', 'on', 'off']);
export type ConversationToolSearch = z.infer<typeof conversationToolSearchSchema>;

export const toolSearchSettingsSchema = z.object({
  mode: toolSearchModeSchema,
  /** `auto` searches when more tools than this are enabled… */
  minTools: z.number().int().min(1).max(100_000),
  /** …or when their definitions would take more than this many tokens. */
  minTokens: z.number().int().min(100).max(10_000_000),
  /** Claude's own tool search (server-side) on models that have it; otherwise ours. */
  useApiSearch: z.boolean(),
});
export type ToolSearchSettings = z.infer<typeof toolSearchSettingsSchema>;

/** Above ~30–50 tools models pick worse; 10k tokens is a tenth of a small context. */
export const DEFAULT_TOOL_SEARCH: ToolSearchSettings = {
  mode: 'auto',
  minTools: 40,
  minTokens: 10_000,
  useApiSearch: true,
};

/**
 * How a request offers tools: every definition (`all`), our search tool with the tools it
 * found (`search`), or every definition marked deferred behind Claude's own search tool
 * (`api-search`).
 */
export const toolLoadingSchema = z.enum(['all', 'search', 'api-search']);
export type ToolLoading = z.infer<typeof toolLoadingSchema>;

/** What one model request carried of the tools (shown in the reply's usage line). */
export const requestToolsSchema = z.object({
  loading: toolLoadingSchema,
  /** Definitions the model saw in full, the search tool included. */
  sent: z.number().int().nonnegative(),
  /** Definitions held back behind the search. */
  deferred: z.number().int().nonnegative(),
  /** Estimated tokens of the definitions the model saw. */
  tokens: z.number().int().nonnegative(),
});
export type RequestTools = z.infer<typeof requestToolsSchema>;

/** Why a request offers tools the way it does. */
export const toolLoadingReasonSchema = z.enum([
  /** No enabled tools. */
  'no-tools',
  /** `auto` and the tools are few and small enough to send them all. */
  'below-threshold',
  /** `auto` and the tools are many or large. */
  'above-threshold',
  /** Tool search forced on (settings or the conversation). */
  'forced-on',
  /** Tool search forced off (settings or the conversation). */
  'forced-off',
]);
export type ToolLoadingReason = z.infer<typeof toolLoadingReasonSchema>;

const count = z.number().int().nonnegative();

/** One server's share of the tool definitions (its enabled, model-visible tools). */
export const serverToolCostSchema = z.object({
  server: z.string(),
  tools: count,
  /** Estimated tokens of those definitions. */
  tokens: count,
  /** Of them, always loaded (pinned by the person or by the server's hint). */
  alwaysLoaded: count,
  alwaysLoadedTokens: count,
});
export type ServerToolCost = z.infer<typeof serverToolCostSchema>;

/**
 * What the tool definitions cost, per server and in total, and what a request would carry
 * with the current settings (and a conversation's choice and model, when one is given).
 */
export const catalogCostsSchema = z.object({
  servers: z.array(serverToolCostSchema),
  total: z.object({ tools: count, tokens: count }),
  plan: z.object({
    loading: toolLoadingSchema,
    reason: toolLoadingReasonSchema,
    /** Definitions a request carries in full (search tool, always loaded, found so far). */
    sentTools: count,
    sentTokens: count,
    /** Found through search in this conversation and kept loaded. */
    loadedTools: count,
  }),
  /** The conversation's model: its context window when known, and the conversation's size. */
  context: z
    .object({
      model: z.string(),
      window: count.optional(),
      /**
       * Estimated input tokens of the next request: the conversation so far (the last request
       * and its reply, as the API counted them) with this plan's tool definitions.
       */
      projectedTokens: count,
    })
    .optional(),
  /** The conversation's own choice, when one was asked about. */
  conversationMode: conversationToolSearchSchema.optional(),
});
export type CatalogCosts = z.infer<typeof catalogCostsSchema>;
