import type { ConversationApps } from '../apps/ConversationApps';
import type { CatalogEntry } from '../mcp/tools/ToolCatalog';
import type { ToolSearchService, TurnToolPlan } from '../catalog/search/ToolSearchService';
import { toolDefinitions } from '../mcp/tools/ToolDefinitions';
import type { HostTool, HostToolSource } from '../catalog/HostTool';

/** What a tool card shows: the server's tool (and its App), or what a host tool stands for. */
export interface ToolPlace {
  server: string;
  tool: string;
  uiResourceUri?: string;
}

/** What a turn's tools are made from. */
export interface TurnToolsInput {
  conversationId: string;
  /** The MCP catalogue as it is when the turn starts. */
  catalogue: readonly CatalogEntry[];
  /** The model has the provider's own tool search. */
  apiSearchAvailable: boolean;
  hostTools?: HostToolSource;
  toolSearch?: ToolSearchService;
  apps?: ConversationApps;
}

/**
 * The tools of one turn: how they are offered (the plan), and which server tool or host tool a
 * model-facing name stands for.
 */
export class TurnTools {
  readonly plan: TurnToolPlan;
  /** The turn's host tools by model-facing name. */
  readonly hostTools: ReadonlyMap<string, HostTool>;
  /** The catalogue's entries by model-facing name (host tools' names left out). */
  readonly byName: Pick<ReadonlyMap<string, CatalogEntry>, 'get' | 'has'>;
  private readonly apps: ConversationApps | undefined;

  constructor(input: TurnToolsInput) {
    this.plan = planTurnTools(input);
    this.apps = input.apps;
    const hostTools = new Map(this.plan.hostTools.map((host) => [host.tool.modelName, host]));
    this.hostTools = hostTools;
    const all = entriesByName(input.catalogue);
    this.byName = {
      get: (name) => (hostTools.has(name) ? undefined : all.get(name)),
      has: (name) => !hostTools.has(name) && all.has(name),
    };
  }

  /** What a tool card shows for `name`; undefined for a name the turn does not know. */
  where(name: string): ToolPlace | undefined {
    const entry = this.byName.get(name);
    if (!entry) return this.hostTools.get(name)?.origin;
    const ui = this.apps?.uiOf(entry.tool);
    return {
      server: entry.server,
      tool: entry.tool.name,
      ...(ui ? { uiResourceUri: ui.resourceUri } : {}),
    };
  }
}

/**
 * The catalogue's entries by model-facing name, made once per catalogue (the catalog hands out
 * the same array while nothing changed): a turn's setup does not walk every tool.
 */
const byNameOf = new WeakMap<readonly CatalogEntry[], ReadonlyMap<string, CatalogEntry>>();

function entriesByName(catalogue: readonly CatalogEntry[]): ReadonlyMap<string, CatalogEntry> {
  let byName = byNameOf.get(catalogue);
  if (!byName) {
    byName = new Map(catalogue.map((entry) => [entry.modelName, entry]));
    byNameOf.set(catalogue, byName);
  }
  return byName;
}

/** How this turn offers tools: tool search decides, or every tool goes (no search service). */
function planTurnTools(input: TurnToolsInput): TurnToolPlan {
  const { conversationId, apiSearchAvailable } = input;
  const hostTools = [...(input.hostTools?.(conversationId) ?? [])];
  const names = new Set(hostTools.map((host) => host.tool.modelName));
  // Only a host tool named like a catalogue tool makes a filtered copy (the kept array otherwise).
  const byName = entriesByName(input.catalogue);
  const catalogue = [...names].some((name) => byName.has(name))
    ? input.catalogue.filter((entry) => !names.has(entry.modelName))
    : input.catalogue;
  if (input.toolSearch) {
    return input.toolSearch.plan({
      conversationId,
      entries: catalogue,
      hostTools,
      apiSearchAvailable,
    });
  }
  const callable = [
    ...hostTools.map((host) => host.tool),
    ...catalogue.map((entry) => toolDefinitions.of(entry.modelName, entry.tool).tool),
  ];
  return {
    loading: 'all',
    reason: catalogue.length === 0 ? 'no-tools' : 'forced-off',
    callable,
    hostTools,
    request: () => ({ tools: callable }),
    found: () => undefined,
  };
}
