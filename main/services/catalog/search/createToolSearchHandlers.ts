import { normalizeModelRef } from '../../../../shared/domain/modelRef';
import type { CatalogCosts, ConversationToolSearch } from '../../../../shared/domain/toolSearch';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { RequestHandlers } from '../../../../shared/ipc/contract';
import type { ToolSearchRequestName } from '../../../../shared/ipc/toolSearchNames';
import type { McpService } from '../../mcp/McpService';
import type { ModelRegistry } from '../../models/ModelRegistry';
import type { SettingsService } from '../../settings/SettingsService';
import type { ConversationStore } from '../../store/ConversationStore';
import { computeCatalogCosts } from './computeCatalogCosts';
import type { ToolSearchService } from './ToolSearchService';

/** What the tool search requests are answered from. */
export interface ToolSearchHandlerDeps {
  toolSearch: ToolSearchService;
  mcp: McpService;
  store: ConversationStore;
  settings: SettingsService;
  models: ModelRegistry;
}

/** Handlers of the tool search requests: costs, always-loaded tools, a conversation's choice. */
export function createToolSearchHandlers(
  deps: ToolSearchHandlerDeps,
): Pick<RequestHandlers, ToolSearchRequestName> {
  const costs = async (
    conversationId?: string,
    model?: string,
    mode?: ConversationToolSearch,
  ): Promise<CatalogCosts> => {
    const conversation = conversationId ? deps.store.findConversation(conversationId) : undefined;
    if (conversationId && !conversation) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('conversation.notFound', { id: conversationId }),
      );
    }
    const ref = normalizeModelRef(
      model ?? conversation?.model ?? deps.settings.snapshot().defaultModel,
    );
    let apiSearchAvailable = false;
    try {
      const resolved = deps.models.resolve(ref);
      apiSearchAvailable = resolved.client.supportsToolSearch?.(resolved.model) ?? false;
    } catch {
      // A provider removed since: the plan is ours; the turn itself will say what is wrong.
    }
    const contextWindow = await deps.models.contextWindow(ref);
    const lastUsage = conversationId ? deps.store.getLastUsage(conversationId) : undefined;
    return computeCatalogCosts(deps.toolSearch, {
      entries: deps.mcp.catalogEntries(),
      apiSearchAvailable,
      model: ref,
      ...(conversationId ? { conversationId } : {}),
      ...(contextWindow !== undefined ? { contextWindow } : {}),
      ...(lastUsage ? { lastUsage } : {}),
      ...(mode ? { mode } : {}),
    });
  };
  return {
    'catalog.costs': ({ conversationId, model, mode }) => costs(conversationId, model, mode),
    'catalog.setToolAlwaysLoaded': ({ server, tool, alwaysLoaded }) =>
      deps.mcp.setToolAlwaysLoaded(server, tool, alwaysLoaded),
    'conversation.setToolSearch': ({ id, mode }) => {
      deps.toolSearch.setConversationMode(id, mode);
      return costs(id);
    },
  };
}
