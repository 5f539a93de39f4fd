import { hostname } from 'node:os';
import { join } from 'node:path';
import type {
  AppFailure,
  AppFrame,
  AppOpenResult,
  AppPermission,
  AppResourceView,
  AppTarget,
  AppTool,
} from '../../../shared/domain/apps';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { Logger } from '../../platform/Logger';
import type { HostEvents } from '../base/HostEvents';
import type { McpService } from '../mcp/McpService';
import type { McpSession } from '../mcp/session/McpSession';
import type { Tool } from '../mcp/session/mcpTypes';
import { AppFrames, type AppFrameRecord, type FrameToolCall } from './AppFrames';
import { AppPermissionGrants } from './AppPermissionGrants';
import { buildAppCsp, type IgnoredSource } from './buildAppCsp';
import type { UiResourceSource } from './readUiResource';
import { SandboxPages, type SandboxResponse } from './SandboxPages';
import { toolUi } from '../mcp/tools/toolUi';
import { UiResourceCache } from './UiResourceCache';
import { hostText } from '../../../shared/text/hostText';

/** A tool call as the store keeps it, with the App it had when it was made. */
export interface StoredAppCall {
  conversationId: string;
  server: string;
  toolName: string;
  arguments: unknown;
  uiResourceUri?: string;
}

/** Where a shell serves the sandbox origin (set once its listener runs). */
export interface AppSandbox {
  /** The proxy page of a frame, on its App's origin (named by its label). */
  frameUrl: (frame: { frameId: string; originLabel: string }) => string;
  /** The host pages that embed frames (the proxy talks only to them). */
  parentOrigins: readonly string[];
  /** Origins of the shell itself (never allowed to an App, even if declared). */
  hostOrigins: readonly string[];
  /** The built renderer (the proxy page comes from it). */
  rendererDir: string;
  /**
   * The last open showing of an App closed: the shell drops what it stored on the App's origin
   * (the origin's name changes every launch, so it would otherwise be left behind).
   */
  forget?: (originLabel: string) => void;
}

export interface AppsServiceOptions {
  mcp: McpService;
  events: HostEvents;
  dataDir: string;
  log: Logger;
  findToolCall: (toolUseId: string) => StoredAppCall | undefined;
  maxResourceBytes?: number;
}

/**
 * MCP Apps in the host core: UI resources (read, checked, cached by content hash, dropped when
 * the server's resources change), the frames windows show (each with its CSP and permissions
 * decided here), and the sandbox origin's pages. What Apps may ask is in {@link AppRequests}.
 */
export class AppsService {
  readonly frames = new AppFrames();
  private readonly cache: UiResourceCache;
  private readonly grants: AppPermissionGrants;
  private sandbox: AppSandbox | undefined;
  private pages: SandboxPages | undefined;
  private readonly audited = new Set<string>();
  /** Calls the model is still writing (not in the store yet), whose App may open already. */
  private readonly announced = new Map<string, StoredAppCall>();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: AppsServiceOptions) {
    this.cache = new UiResourceCache(options.maxResourceBytes);
    this.grants = new AppPermissionGrants(
      join(options.dataDir, 'app-permissions.json'),
      options.log,
    );
    this.unsubscribe = options.events.subscribe((name, payload) => {
      if (name !== 'mcp.listChanged') return;
      const { server, list } = payload as { server: string; list: string };
      if (list === 'resources') this.cache.invalidate(server);
    });
  }

  /** The shell's sandbox origin; until set (the CLI never sets it) no App can be shown. */
  useSandbox(sandbox: AppSandbox): void {
    this.sandbox = sandbox;
    this.pages = new SandboxPages({
      rendererDir: sandbox.rendererDir,
      frame: (id) => this.frames.find(id),
      hasOrigin: (label) => this.frames.hasOrigin(label),
      knowsOrigin: (label) => this.frames.knowsOrigin(label),
      parentOrigins: () => sandbox.parentOrigins,
    });
  }

  get hasSandbox(): boolean {
    return this.sandbox !== undefined;
  }

  /** A request to a frame's origin (its label and the path; the shell checked the host). */
  async sandboxResponse(originLabel: string, pathname: string): Promise<SandboxResponse> {
    if (!this.pages) return { status: 404, headers: {}, body: 'Not found.\n' };
    return this.pages.respond(originLabel, pathname);
  }

  async open(target: AppTarget): Promise<AppOpenResult> {
    const where = this.resolveTarget(target);
    if (!where.ok) return where;
    const { server, uri, toolCall, toolName, toolInput } = where;
    const sandbox = this.sandbox;
    if (!sandbox) {
      return failure('no-sandbox', 'This shell has no App sandbox; Apps show only in a window.');
    }
    let session: McpSession;
    try {
      // An App opening starts its server when it waits to be needed.
      session = (await this.options.mcp.use(server)).ready();
    } catch (error) {
      return failure('server-unavailable', AppError.from(error).message);
    }
    const read = await this.cache.get(
      server,
      sessionKey(this.options.mcp, server),
      uri,
      sourceOf(session),
    );
    if (!read.ok) {
      this.serverLog(server, 'warning', `App ${uri} cannot be shown: ${read.failure.detail}`);
      return read;
    }
    const { resource } = read;
    const csp = buildAppCsp(resource.meta.csp, {
      frameAncestors: sandbox.parentOrigins,
      hostOrigins: [...sandbox.hostOrigins, ...sandbox.parentOrigins],
      localNames: [hostname()],
    });
    this.audit(server, uri, resource.contentHash, csp.header, csp.ignored);
    const requested = resource.meta.permissions;
    const allowed = await this.grants.allowed(server, uri);
    const tool = toolName ? this.findTool(server, toolName) : undefined;
    const record = this.frames.add({
      server,
      resourceUri: uri,
      ...(toolName ? { toolName } : {}),
      ...(toolCall ? { toolCall } : {}),
      html: resource.html,
      contentHash: resource.contentHash,
      cspHeader: csp.header,
      requested,
      granted: requested.filter((p) => allowed.includes(p)),
      createdAt: Date.now(),
    });
    const frame: AppFrame = {
      frameId: record.frameId,
      proxyUrl: sandbox.frameUrl(record),
      contentHash: record.contentHash,
      server,
      resourceUri: uri,
      csp: csp.applied,
      cspHeader: record.cspHeader,
      ...refusedOf(csp.ignored),
      permissions: { requested, granted: record.granted },
      ...(resource.meta.prefersBorder !== undefined
        ? { prefersBorder: resource.meta.prefersBorder }
        : {}),
      ...(tool ? { tool: toAppTool(tool) } : {}),
      ...(toolInput ? { toolInput } : {}),
    };
    return { ok: true, frame };
  }

  /** A call being written: its App can be opened before the call is stored. */
  announce(toolUseId: string, call: StoredAppCall): void {
    this.announced.set(toolUseId, call);
    // Only calls of running turns matter; a few hundred cover any turn.
    if (this.announced.size > 200) {
      const oldest = this.announced.keys().next().value;
      if (oldest !== undefined) this.announced.delete(oldest);
    }
  }

  html(frameId: string): string {
    return this.frames.get(frameId).html;
  }

  close(frameId: string): void {
    const frame = this.frames.find(frameId);
    this.frames.delete(frameId);
    // The App's origin is kept while another showing of it is open.
    if (frame && !this.frames.hasOrigin(frame.originLabel)) {
      this.sandbox?.forget?.(frame.originLabel);
    }
  }

  /** The person allows (or withdraws) what the App declared; windows reopen it to apply. */
  async setPermissions(frameId: string, allow: boolean): Promise<AppPermission[]> {
    const frame = this.frames.get(frameId);
    const granted = allow ? frame.requested : [];
    await this.grants.set(frame.server, frame.resourceUri, granted);
    this.frames.update(frameId, { granted });
    this.serverLog(
      frame.server,
      'info',
      allow
        ? `The person allowed ${frame.resourceUri}: ${granted.join(', ') || 'nothing it asked for'}`
        : `The person withdrew the permissions of ${frame.resourceUri}`,
    );
    return granted;
  }

  /** The server's UI resources: listed `ui://` resources and those its tools name. */
  async listResources(server: string): Promise<AppResourceView[]> {
    const supervisor = await this.options.mcp.use(server);
    const session = supervisor.ready();
    const byUri = new Map<string, AppResourceView>();
    const listed = session.info?.capabilities.resources
      ? await session.listResources().catch(() => [])
      : [];
    for (const r of listed) {
      if (!r.uri.startsWith('ui://')) continue;
      byUri.set(r.uri, {
        uri: r.uri,
        ...(r.title || r.name ? { name: r.title ?? r.name } : {}),
        ...(r.description ? { description: r.description } : {}),
        tools: [],
      });
    }
    for (const tool of supervisor.tools) {
      const ui = toolUi(tool);
      if (!ui) continue;
      const entry = byUri.get(ui.resourceUri) ?? { uri: ui.resourceUri, tools: [] };
      entry.tools.push(tool.name);
      byUri.set(ui.resourceUri, entry);
    }
    return [...byUri.values()].sort((a, b) => a.uri.localeCompare(b.uri));
  }

  /** Reads a tool's UI ahead of time (the tool result note says whether it can be shown). */
  prefetch(server: string, uri: string): Promise<AppFailure | undefined> {
    if (!this.sandbox) return Promise.resolve(undefined);
    let session: McpSession;
    try {
      session = this.options.mcp.supervisor(server).ready();
    } catch (error) {
      return Promise.resolve({ kind: 'server-unavailable', detail: AppError.from(error).message });
    }
    return this.cache
      .get(server, sessionKey(this.options.mcp, server), uri, sourceOf(session))
      .then((result) => (result.ok ? undefined : result.failure));
  }

  /** A line in the server's log (Apps' records, failures, what the host did for them). */
  serverLog(server: string, level: string, text: string): void {
    try {
      this.options.mcp.supervisor(server).appLog(level, text);
    } catch {
      this.options.log.info(text, { server });
    }
  }

  /** Whether an App of this server is open in a window (its server is then never idle). */
  hasOpenApp(server: string): boolean {
    return this.frames.ofServer(server).length > 0;
  }

  findTool(server: string, name: string): Tool | undefined {
    return this.options.mcp.registry.get(server)?.tools.find((t) => t.name === name);
  }

  dispose(): void {
    this.unsubscribe();
    this.frames.clear();
  }

  private resolveTarget(target: AppTarget):
    | {
        ok: true;
        server: string;
        uri: string;
        toolCall?: FrameToolCall;
        toolName?: string;
        toolInput?: Record<string, unknown>;
      }
    | { ok: false; failure: AppFailure } {
    if (target.kind === 'preview') {
      const tool = this.options.mcp.registry
        .get(target.server)
        ?.tools.find((t) => toolUi(t)?.resourceUri === target.uri);
      return {
        ok: true,
        server: target.server,
        uri: target.uri,
        ...(tool ? { toolName: tool.name } : {}),
      };
    }
    const call =
      this.options.findToolCall(target.toolUseId) ?? this.announced.get(target.toolUseId);
    if (!call) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('apps.noToolCall', { id: target.toolUseId }),
      );
    }
    if (!call.uiResourceUri) {
      throw new AppError(AppErrorCode.Validation, hostText('apps.noApp'));
    }
    const input = call.arguments;
    return {
      ok: true,
      server: call.server,
      uri: call.uiResourceUri,
      toolName: call.toolName,
      toolCall: { conversationId: call.conversationId, toolUseId: target.toolUseId },
      toolInput:
        typeof input === 'object' && input !== null && !Array.isArray(input)
          ? (input as Record<string, unknown>)
          : {},
    };
  }

  /** The CSP an App runs under goes to its server's log once per content (an audit trail). */
  private audit(
    server: string,
    uri: string,
    contentHash: string,
    header: string,
    ignored: readonly IgnoredSource[],
  ): void {
    const key = `${server}\n${uri}\n${contentHash}`;
    if (this.audited.has(key)) return;
    this.audited.add(key);
    this.serverLog(
      server,
      'info',
      `App ${uri} (sha256 ${contentHash.slice(0, 12)}) runs under CSP: ${header}`,
    );
    for (const { source, directive, reason } of ignored) {
      this.serverLog(
        server,
        'warning',
        `App ${uri} declared ${source} (${directive}); ignored: ${reason}`,
      );
    }
  }
}

export type { AppFrameRecord };

/** Changes whenever the server's session does (restart, reconnect): its pages are read anew. */
function sessionKey(mcp: McpService, server: string): string {
  const status = mcp.registry.get(server)?.status;
  return status?.kind === 'ready' ? String(status.since) : 'none';
}

function sourceOf(session: McpSession): UiResourceSource {
  return {
    read: (uri) => session.readResource(uri),
    listedMeta: async (uri) => {
      if (!session.info?.capabilities.resources) return undefined;
      const listed = await session.listResources();
      return listed.find((r) => r.uri === uri)?._meta;
    },
  };
}

/** The refused sources the card shows: the first few, cut short, and how many in all. */
function refusedOf(
  ignored: readonly IgnoredSource[],
): Pick<AppFrame, 'refusedSources' | 'refusedCount'> {
  if (ignored.length === 0) return {};
  return {
    refusedSources: ignored.slice(0, 20).map(({ source, directive, refusal }) => ({
      source: source.length > 200 ? `${source.slice(0, 199)}…` : source,
      directive,
      refusal,
    })),
    refusedCount: ignored.length,
  };
}

function toAppTool(tool: Tool): AppTool {
  return JSON.parse(
    JSON.stringify({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
      _meta: tool._meta,
    }),
  ) as AppTool;
}

function failure(kind: AppFailure['kind'], detail: string): AppOpenResult {
  return { ok: false, failure: { kind, detail } };
}
