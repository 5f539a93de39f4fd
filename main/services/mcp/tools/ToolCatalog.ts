import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { ToolView } from '../../../../shared/domain/mcpViews';
import type { Logger } from '../../../platform/Logger';
import { writeFileAtomic } from '../../../platform/writeFileAtomic';
import { isVisibleToModel, toolUi } from './toolUi';
import type { Tool } from '../session/mcpTypes';
import { toolDefinitions } from './ToolDefinitions';
import { modelToolName } from '../../base/modelToolName';

const prefsSchema = z.object({
  version: z.literal(1),
  /** server → tool names the person switched off. */
  disabledTools: z.record(z.string(), z.array(z.string())),
  /**
   * server → tool → whether it is always loaded (offered in full while tool search holds the
   * others back). Only the person's own choices; a server's hint applies where there is none.
   */
  alwaysLoaded: z.record(z.string(), z.record(z.string(), z.boolean())).optional(),
});
type Prefs = z.infer<typeof prefsSchema>;

/** A tool offered to the model: its model-facing name and where it really lives. */
export interface CatalogEntry {
  modelName: string;
  server: string;
  tool: Tool;
}

/** One server's part of the catalogue, with what it was made from. */
interface ServerEntries {
  tools: readonly Tool[];
  revision: number;
  entries: readonly CatalogEntry[];
}

/**
 * MCP tools ⇄ model tools: model-facing names (see modelToolName), per-tool enable state
 * (persisted in the data dir), and the reverse map from a model's tool_use to a server call.
 */
export class ToolCatalog {
  private prefs: Prefs = { version: 1, disabledTools: {} };
  private prefsRevision = 0;
  private write: Promise<void> = Promise.resolve();
  /** Each server's entries, kept while its tool list (by identity) and the choices stand. */
  private readonly byServer = new Map<string, ServerEntries>();
  /** The last catalogue handed out, and the per-server parts it was made of. */
  private last:
    { parts: readonly (readonly CatalogEntry[])[]; entries: readonly CatalogEntry[] } | undefined;

  constructor(
    private readonly file: string,
    private readonly log: Logger,
  ) {}

  async load(): Promise<void> {
    try {
      const parsed = prefsSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      if (parsed.success) {
        this.prefs = parsed.data;
        this.prefsRevision += 1;
      } else this.log.warn('tool preferences unreadable; all tools enabled', { file: this.file });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn('tool preferences unreadable; all tools enabled', { error });
      }
    }
  }

  /** Changes whenever the person's choices change: what is derived from them can be kept. */
  get revision(): number {
    return this.prefsRevision;
  }

  isEnabled(server: string, tool: string): boolean {
    return !(this.prefs.disabledTools[server] ?? []).includes(tool);
  }

  async setEnabled(server: string, tool: string, enabled: boolean): Promise<void> {
    const current = new Set(this.prefs.disabledTools[server] ?? []);
    if (enabled) current.delete(tool);
    else current.add(tool);
    const others = Object.entries(this.prefs.disabledTools).filter(([name]) => name !== server);
    const disabledTools = Object.fromEntries(
      current.size === 0 ? others : [...others, [server, [...current].sort()]],
    );
    await this.save({ ...this.prefs, disabledTools });
  }

  /**
   * Whether the tool is offered in full while tool search holds the others back: the person's
   * choice, else the server's `_meta['anthropic/alwaysLoad']` hint.
   */
  isAlwaysLoaded(server: string, tool: Tool): boolean {
    return this.prefs.alwaysLoaded?.[server]?.[tool.name] ?? hintsAlwaysLoad(tool);
  }

  /** The person's choice for one tool; persisted. */
  async setAlwaysLoaded(server: string, tool: string, alwaysLoaded: boolean): Promise<void> {
    const all = { ...this.prefs.alwaysLoaded };
    all[server] = { ...all[server], [tool]: alwaysLoaded };
    await this.save({ ...this.prefs, alwaysLoaded: all });
  }

  view(server: string, tool: Tool): ToolView {
    const modelName = modelToolName(server, tool.name);
    return {
      server,
      name: tool.name,
      modelName,
      ...(tool.title ? { title: tool.title } : {}),
      ...(tool.description ? { description: tool.description } : {}),
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
      ...(tool.annotations ? { annotations: pickAnnotations(tool.annotations) } : {}),
      enabled: this.isEnabled(server, tool.name),
      tokens: toolDefinitions.of(modelName, tool).tokens,
      alwaysLoaded: this.isAlwaysLoaded(server, tool),
      alwaysLoadHint: hintsAlwaysLoad(tool),
      ...uiOf(tool),
    };
  }

  /**
   * The enabled tools of the given servers, as the model will see them. A tool only an App may
   * call (MCP Apps visibility without "model") is never offered.
   */
  entries(servers: readonly { name: string; tools: readonly Tool[] }[]): readonly CatalogEntry[] {
    // Incremental: a turn asks for the catalogue every time, and only a server whose tool list
    // changed (a new array from the server) or the person's choices make its part anew. With
    // nothing changed, the very same array comes back, so what is derived from it can be kept.
    const parts = servers.map((server) => this.serverEntries(server));
    const last = this.last;
    if (last?.parts.length === parts.length && parts.every((part, i) => part === last.parts[i])) {
      return last.entries;
    }
    if (this.byServer.size > servers.length) {
      const names = new Set(servers.map((server) => server.name));
      for (const name of this.byServer.keys()) if (!names.has(name)) this.byServer.delete(name);
    }
    this.last = { parts, entries: parts.flat() };
    return this.last.entries;
  }

  /** One server's enabled, model-visible tools as entries (the kept ones while nothing changed). */
  private serverEntries(server: { name: string; tools: readonly Tool[] }): readonly CatalogEntry[] {
    const kept = this.byServer.get(server.name);
    if (kept?.tools === server.tools && kept.revision === this.prefsRevision) return kept.entries;
    const entries = server.tools
      .filter((tool) => this.isEnabled(server.name, tool.name) && isVisibleToModel(tool))
      .map((tool) => ({
        modelName: modelToolName(server.name, tool.name),
        server: server.name,
        tool,
      }));
    this.byServer.set(server.name, { tools: server.tools, revision: this.prefsRevision, entries });
    return entries;
  }

  private async save(prefs: Prefs): Promise<void> {
    this.prefs = prefs;
    this.prefsRevision += 1;
    const snapshot = JSON.stringify(prefs, null, 2) + '\n';
    // Writes are chained so the file always ends with the latest state.
    this.write = this.write.then(() => writeFileAtomic(this.file, snapshot));
    await this.write;
  }
}

/** The server's hint that a tool should stay loaded (as Claude Code reads it). */
export function hintsAlwaysLoad(tool: Tool): boolean {
  return tool._meta?.['anthropic/alwaysLoad'] === true;
}

function uiOf(tool: Tool): Pick<ToolView, 'ui'> {
  const ui = toolUi(tool);
  return ui ? { ui } : {};
}

function pickAnnotations(
  a: NonNullable<Tool['annotations']>,
): NonNullable<ToolView['annotations']> {
  return {
    ...(a.title !== undefined ? { title: a.title } : {}),
    ...(a.readOnlyHint !== undefined ? { readOnlyHint: a.readOnlyHint } : {}),
    ...(a.destructiveHint !== undefined ? { destructiveHint: a.destructiveHint } : {}),
    ...(a.idempotentHint !== undefined ? { idempotentHint: a.idempotentHint } : {}),
    ...(a.openWorldHint !== undefined ? { openWorldHint: a.openWorldHint } : {}),
  };
}
