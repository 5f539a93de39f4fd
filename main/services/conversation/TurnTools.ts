import type { ConversationApps } from '../apps/ConversationApps';
import type { CatalogEntry } from '../mcp/tools/ToolCatalog';
import type { ToolSearchService, TurnToolPlan } from '../catalog/search/ToolSearchService';
import { toModelTool } from '../mcp/tools/toModelTool';
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
  readonly byName: ReadonlyMap<string, CatalogEntry>;
  private readonly apps: ConversationApps | undefined;

  constructor(input: TurnToolsInput) {
    this.plan = planTurnTools(input);
    this.apps = input.apps;
    const hostTools = new Map(this.plan.hostTools.map((host) => [host.tool.modelName, host]));
    this.hostTools = hostTools;
    const entries = input.catalogue.filter((e) => !hostTools.has(e.modelName));
    this.byName = new Map(entries.map((e) => [e.modelName, e]));
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

/** How this turn offers tools: tool search decides, or every tool goes (no search service). */
function planTurnTools(input: TurnToolsInput): TurnToolPlan {
  const { conversationId, apiSearchAvailable } = input;
  const hostTools = [...(input.hostTools?.(conversationId) ?? [])];
  const names = new Set(hostTools.map((host) => host.tool.modelName));
  const catalogue = input.catalogue.filter((entry) => !names.has(entry.modelName));
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
    ...catalogue.map((entry) => toModelTool(entry.modelName, entry.tool)),
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
