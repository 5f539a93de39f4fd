import type {
  ConversationToolSearch,
  RequestTools,
  ToolLoading,
  ToolLoadingReason,
  ToolSearchSettings,
} from '../../../../shared/domain/toolSearch';
import type { Logger } from '../../../platform/Logger';
import type { HostTool } from '../HostTool';
import type { ModelTool } from '../../models/ModelClient';
import type { ConversationStore } from '../../store/ConversationStore';
import type { CatalogEntry, ToolCatalog } from '../../mcp/tools/ToolCatalog';
import { createToolSearchTool, toolSearchDefinition } from './createToolSearchTool';
import { decideToolLoading } from './decideToolLoading';
import {
  toolDefinitions,
  type ToolDefinition,
  type ToolDefinitions,
} from '../../mcp/tools/ToolDefinitions';
import { ToolSearchIndex, type SearchableTool } from './ToolSearchIndex';

/**
 * Tools found by searches stay loaded for the conversation, up to this many (the oldest go
 * first): enough for any task, and a bound on what a long conversation carries.
 */
export const MAX_LOADED_TOOLS = 50;

/** The tools of one model request. */
export interface RequestToolSet {
  tools: readonly ModelTool[];
  toolSearch?: 'bm25';
  /** Catalogue tools left out of the request, for our search to find. */
  held?: number;
}

/** How one turn offers its tools; `request()` is asked before every model request. */
export interface TurnToolPlan {
  loading: ToolLoading;
  reason: ToolLoadingReason;
  /** Every tool the model may call this turn: the catalogue's and the host's. */
  callable: readonly ModelTool[];
  /** The host tools of the turn (the search tool when ours is used). */
  hostTools: HostTool[];
  /** The tools of the next request: grows as searches find tools. */
  request: () => RequestToolSet;
  /** Tools a search found (ours or the provider's): loaded from now on, kept for the conversation. */
  found: (modelNames: readonly string[]) => void;
}

/** What a turn's plan is made from. */
export interface PlanInput {
  conversationId: string;
  entries: readonly CatalogEntry[];
  /** Host tools that are always offered (e.g. loading skills). */
  hostTools?: readonly HostTool[];
  /** The model has the provider's own tool search. */
  apiSearchAvailable: boolean;
  /** A choice that stands for the conversation's (a new chat's, before it exists). */
  mode?: ConversationToolSearch;
}

export interface ToolSearchServiceOptions {
  settings: () => ToolSearchSettings;
  catalog: ToolCatalog;
  store: ConversationStore;
  log: Logger;
  /** Per-definition estimates and digests; the process's own by default. */
  definitions?: ToolDefinitions;
}

/**
 * Deferred loading for large catalogues: decides per turn whether requests carry every tool
 * definition or a search tool plus the always-loaded tools and those found so far, runs our
 * search tool, and keeps what searches found per conversation. A turn's own work does not grow
 * with the catalogue's definitions: their token estimates are kept per definition (by digest),
 * and the one search index is updated in the background with what changed, so neither a turn
 * nor its first search waits for the whole catalogue to be indexed.
 */
export class ToolSearchService {
  private readonly index = new ToolSearchIndex();
  private lastCatalogue: Catalogue | undefined;
  private lastSplit: Split | undefined;
  private indexing: { split: Split; done: Promise<ToolSearchIndex> } | undefined;
  private readonly definitions: ToolDefinitions;
  /** The last callable list of each kind of plan (every tool sent / behind our search). */
  private readonly lastCallable = new Map<
    'all' | 'search',
    { key: Catalogue | Split; front: readonly ModelTool[]; callable: readonly ModelTool[] }
  >();

  constructor(private readonly options: ToolSearchServiceOptions) {
    this.definitions = options.definitions ?? toolDefinitions;
  }

  /** The conversation's own choice. */
  conversationMode(conversationId: string): ConversationToolSearch {
    return this.options.store.getToolSearch(conversationId).mode;
  }

  /** Sets the conversation's own choice (NOT_FOUND for an unknown conversation). */
  setConversationMode(conversationId: string, mode: ConversationToolSearch): void {
    const { store } = this.options;
    store.setToolSearch(conversationId, { ...store.getToolSearch(conversationId), mode });
  }

  /** The tools loaded in a conversation by its searches, oldest first. */
  loaded(conversationId: string): string[] {
    return this.options.store.getToolSearch(conversationId).loaded;
  }

  /** Whether a catalogue tool is always loaded (the person's pin or the server's hint). */
  isAlwaysLoaded(entry: CatalogEntry): boolean {
    return this.options.catalog.isAlwaysLoaded(entry.server, entry.tool);
  }

  /**
   * Gets a changed catalogue ready before a turn asks for it: each definition's digest and
   * estimate, the always-loaded/searchable split and, when the settings would search it, the
   * search index (built in the background, in chunks). Called when the catalogue changes, so a
   * turn's plan and its first search find the work done.
   */
  prepare(entries: readonly CatalogEntry[]): void {
    const catalogue = this.catalogue(entries);
    const settings = this.options.settings();
    const decision = decideToolLoading({
      tools: catalogue.tools.length,
      tokens: catalogue.tokens,
      settings,
      conversation: 'default',
      apiSearchAvailable: false,
    });
    if (decision.loading === 'all') return;
    void this.indexed(this.split(catalogue)).catch((error: unknown) => {
      this.options.log.warn('could not index the tools for search', { error });
    });
  }

  /** Decides how a turn offers its tools. */
  plan(input: PlanInput): TurnToolPlan {
    const { conversationId } = input;
    const hostTools = [...(input.hostTools ?? [])];
    const catalogue = this.catalogue(input.entries);
    const { tokens, byName, tools } = catalogue;
    const decision = decideToolLoading({
      tools: tools.length,
      tokens,
      settings: this.options.settings(),
      conversation: input.mode ?? this.conversationMode(conversationId),
      apiSearchAvailable: input.apiSearchAvailable,
    });
    const hostDefinitions = hostTools.map((host) => host.tool);
    const callable = this.callableOf('all', catalogue, hostDefinitions, tools);
    const base = { ...decision, callable, hostTools };
    if (decision.loading === 'all') {
      return { ...base, request: () => ({ tools: callable }), found: () => undefined };
    }

    const split = this.split(catalogue);
    const { pinned } = split;
    const loaded = new Set(this.loaded(conversationId));
    const found = (names: readonly string[]): void => {
      const fresh = names.filter((name) => !pinned.has(name));
      if (fresh.length === 0) return;
      for (const name of fresh) {
        loaded.delete(name);
        loaded.add(name);
      }
      this.saveLoaded(conversationId, [...loaded]);
    };

    if (decision.loading === 'api-search') {
      // The API loads what its search found through the references in the history.
      return {
        ...base,
        request: () => ({
          tools: [
            ...hostTools.map((host) => host.tool),
            ...tools.map((tool) =>
              pinned.has(tool.modelName) ? tool : { ...tool, deferLoading: true },
            ),
          ],
          toolSearch: 'bm25',
        }),
        found,
      };
    }

    // The index catches up after the turn's first request is on its way; a search waits for it.
    const index = (): Promise<ToolSearchIndex> => this.indexed(split);
    setImmediate(() => void index().catch(() => undefined));
    const searchTool = createToolSearchTool({
      deferred: split.deferred,
      servers: split.servers,
      tool: split.searchTool,
      index,
      onFound: found,
    });
    const withSearch = [searchTool, ...hostTools];
    return {
      ...base,
      callable: this.callableOf('search', split, [split.searchTool, ...hostDefinitions], tools),
      hostTools: withSearch,
      request: () => {
        const offered = [
          ...split.pinnedTools,
          // In the order they were found, so earlier requests' tools stay a stable prefix.
          ...[...loaded].flatMap((name) => {
            const tool = byName.get(name);
            return tool && !pinned.has(name) ? [tool] : [];
          }),
        ];
        return {
          tools: [...withSearch.map((host) => host.tool), ...offered],
          held: tools.length - offered.length,
        };
      },
      found,
    };
  }

  /**
   * The catalogue split into always-loaded and searchable tools, kept while neither the
   * catalogue nor the person's choices change.
   */
  private split(catalogue: Catalogue): Split {
    const revision = this.options.catalog.revision;
    const last = this.lastSplit;
    if (last?.catalogue === catalogue && last.revision === revision) return last;
    const pinnedItems = catalogue.all.filter((item) => this.isAlwaysLoaded(item.entry));
    const pinned = new Set(pinnedItems.map((item) => item.tool.modelName));
    const deferredItems = catalogue.all.filter((item) => !pinned.has(item.tool.modelName));
    const servers = [...new Set(deferredItems.map((item) => item.entry.server))];
    this.lastSplit = {
      catalogue,
      revision,
      pinned,
      pinnedTools: pinnedItems.map((item) => item.tool),
      deferredItems,
      deferred: new Map(deferredItems.map((item) => [item.entry.modelName, item.entry])),
      servers,
      searchTool: toolSearchDefinition(deferredItems.length, servers),
    };
    return this.lastSplit;
  }

  /**
   * Every tool a turn may call: `front` then the catalogue's. Kept while the catalogue (or its
   * split, which the search tool's definition comes from) and the host tools stand, so a turn
   * does not copy the whole catalogue.
   */
  private callableOf(
    kind: 'all' | 'search',
    key: Catalogue | Split,
    front: readonly ModelTool[],
    tools: readonly ModelTool[],
  ): readonly ModelTool[] {
    const last = this.lastCallable.get(kind);
    if (
      last?.key === key &&
      last.front.length === front.length &&
      last.front.every((tool, i) => tool === front[i])
    ) {
      return last.callable;
    }
    const callable = front.length === 0 ? tools : [...front, ...tools];
    this.lastCallable.set(kind, { key, front, callable });
    return callable;
  }

  /** The index, once it holds the split's searchable tools (updated only when they changed). */
  private indexed(split: Split): Promise<ToolSearchIndex> {
    if (this.indexing?.split !== split) {
      const done = this.index.update(split.deferredItems.map(searchable)).then(() => this.index);
      this.indexing = { split, done };
    }
    return this.indexing.done;
  }

  /**
   * The turn's catalogue with each definition's kept facts. The same tools as the last turn's
   * (compared by identity, without reading a definition) give the last turn's result back.
   */
  private catalogue(entries: readonly CatalogEntry[]): Catalogue {
    const last = this.lastCatalogue;
    if (last && sameEntries(last.entries, entries)) return last;
    const all = entries.map((entry) => ({
      entry,
      ...this.definitions.of(entry.modelName, entry.tool),
    }));
    const tools = all.map((item) => item.tool);
    this.lastCatalogue = {
      entries,
      all,
      tools,
      tokens: all.reduce((sum, item) => sum + item.tokens, 0),
      byName: new Map(tools.map((tool) => [tool.modelName, tool])),
    };
    return this.lastCatalogue;
  }

  private saveLoaded(conversationId: string, names: string[]): void {
    const { store, log } = this.options;
    try {
      const state = store.getToolSearch(conversationId);
      store.setToolSearch(conversationId, { ...state, loaded: names.slice(-MAX_LOADED_TOOLS) });
    } catch (error) {
      // The turn goes on with the tools loaded in memory; only the next turn would miss them.
      log.warn('could not keep the tools a search loaded', { conversationId, error });
    }
  }
}

/** A catalogue with its definitions' kept facts, as {@link ToolSearchService} plans from it. */
interface Catalogue {
  entries: readonly CatalogEntry[];
  all: readonly (ToolDefinition & { entry: CatalogEntry })[];
  tools: readonly ModelTool[];
  tokens: number;
  byName: ReadonlyMap<string, ModelTool>;
}

/** A catalogue split by the person's choices and the servers' hints. */
interface Split {
  catalogue: Catalogue;
  /** The catalogue's preferences revision the split was made under. */
  revision: number;
  pinned: ReadonlySet<string>;
  pinnedTools: readonly ModelTool[];
  deferredItems: Catalogue['all'];
  /** Model name → entry of the tools a search can find. */
  deferred: ReadonlyMap<string, CatalogEntry>;
  servers: readonly string[];
  /** Our search tool's definition for these searchable tools. */
  searchTool: ModelTool;
}

/** The same tools under the same names, in the same order (a server's objects are kept). */
function sameEntries(a: readonly CatalogEntry[], b: readonly CatalogEntry[]): boolean {
  // The catalog hands out the same array while nothing changed.
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x?.tool !== y?.tool || x?.modelName !== y?.modelName || x?.server !== y?.server)
      return false;
  }
  return true;
}

/** What the index reads of a catalogue tool; the digest says when it changed. */
function searchable({ entry, digest }: { entry: CatalogEntry; digest: string }): SearchableTool {
  return {
    modelName: entry.modelName,
    server: entry.server,
    name: entry.tool.name,
    ...(entry.tool.title ? { title: entry.tool.title } : {}),
    ...(entry.tool.description ? { description: entry.tool.description } : {}),
    parameters: Object.keys((entry.tool.inputSchema.properties as object | undefined) ?? {}),
    digest,
  };
}

/**
 * What a request carried of the tools, for its usage line: catalogue tools' estimates are the
 * ones kept for their definitions.
 */
export function describeRequestTools(
  loading: ToolLoading,
  set: RequestToolSet,
  definitions: ToolDefinitions = toolDefinitions,
): RequestTools {
  const sent = set.tools.filter((tool) => !tool.deferLoading);
  return {
    loading,
    sent: sent.length + (set.toolSearch ? 1 : 0),
    deferred: set.tools.length - sent.length + (set.held ?? 0),
    tokens:
      sent.reduce((sum, tool) => sum + definitions.tokensOf(tool), 0) +
      (set.toolSearch ? API_SEARCH_TOOL_TOKENS : 0),
  };
}

/**
 * Claude's search tool is defined by the API; its definition in the prompt is small and not
 * ours to see. This is an estimate of the same order as our own search tool's.
 */
export const API_SEARCH_TOOL_TOKENS = 120;
