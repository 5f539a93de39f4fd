import type {
  CatalogCosts,
  ConversationToolSearch,
  ServerToolCost,
} from '../../../../shared/domain/toolSearch';
import type { TokenUsage } from '../../store/MessageRecord';
import type { CatalogEntry } from '../../mcp/tools/ToolCatalog';
import { toolDefinitions } from '../../mcp/tools/ToolDefinitions';
import { describeRequestTools, type ToolSearchService } from './ToolSearchService';

/** What the costs are computed from. */
export interface CatalogCostsInput {
  entries: readonly CatalogEntry[];
  /** A conversation's choice, loaded tools and size count when given. */
  conversationId?: string;
  apiSearchAvailable: boolean;
  /** The conversation's (or the default) model ref and its context window when known. */
  model?: string;
  contextWindow?: number;
  /** The conversation's newest usage (what its last request and reply took). */
  lastUsage?: TokenUsage;
  /** A new chat's own choice (no conversation yet). */
  mode?: ConversationToolSearch;
}

/**
 * Tokens of the tool definitions per server and in total, and what a request would carry under
 * the current settings and the conversation's choice: the numbers the Servers screen and the
 * chat show, and what the context warning compares with the model's window.
 */
export function computeCatalogCosts(
  service: ToolSearchService,
  input: CatalogCostsInput,
): CatalogCosts {
  const byServer = new Map<string, ServerToolCost>();
  let totalTokens = 0;
  for (const entry of input.entries) {
    const { tokens } = toolDefinitions.of(entry.modelName, entry.tool);
    const cost = byServer.get(entry.server) ?? {
      server: entry.server,
      tools: 0,
      tokens: 0,
      alwaysLoaded: 0,
      alwaysLoadedTokens: 0,
    };
    cost.tools += 1;
    cost.tokens += tokens;
    if (service.isAlwaysLoaded(entry)) {
      cost.alwaysLoaded += 1;
      cost.alwaysLoadedTokens += tokens;
    }
    byServer.set(entry.server, cost);
    totalTokens += tokens;
  }
  const conversationId = input.conversationId ?? '';
  const plan = service.plan({
    conversationId,
    entries: input.entries,
    apiSearchAvailable: input.apiSearchAvailable,
    ...(input.mode && !input.conversationId ? { mode: input.mode } : {}),
  });
  const sent = describeRequestTools(plan.loading, plan.request());
  const costs: CatalogCosts = {
    servers: [...byServer.values()],
    total: { tools: input.entries.length, tokens: totalTokens },
    plan: {
      loading: plan.loading,
      reason: plan.reason,
      sentTools: sent.sent,
      sentTokens: sent.tokens,
      loadedTools: input.conversationId ? service.loaded(conversationId).length : 0,
    },
    ...(input.conversationId
      ? { conversationMode: service.conversationMode(input.conversationId) }
      : input.mode
        ? { conversationMode: input.mode }
        : {}),
  };
  if (input.model) {
    const last = input.lastUsage;
    const history = last
      ? last.input + last.cacheRead + last.cacheWrite + last.output - (last.tools?.tokens ?? 0)
      : 0;
    costs.context = {
      model: input.model,
      ...(input.contextWindow ? { window: input.contextWindow } : {}),
      projectedTokens: Math.max(0, history) + sent.tokens,
    };
  }
  return costs;
}
