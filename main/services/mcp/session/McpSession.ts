import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../../shared/domain/serverConfig';
import type { ProtocolEra } from '../../../../shared/domain/serverStatus';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { configHash } from './configHash';
import { reconnectLegacyHttp } from './connectHttp';
import { createConnectionContext } from './createConnectionContext';
import { declineAllInteractions } from './InteractionHandlers';
import { establishSession } from './establishSession';
import { isRetrySafeTool, isStaleSessionError } from './isStaleSessionError';
import { mapSdkError } from './mapSdkError';
import type {
  CallToolOptions,
  McpSessionOptions,
  SessionConnectOptions,
  SessionInfo,
  SessionState,
} from './McpSessionOptions';
import type {
  CallToolResult,
  CompleteRequest,
  CompleteResult,
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
  TransportKind,
} from './mcpTypes';
import { callSessionTool } from './callSessionTool';
import { closeConnection, type Connection, type ConnectionContext } from './openConnection';
import { ResourceListen } from './ResourceListen';
import { SessionEvents } from './SessionEvents';
import { SessionSkills } from './SessionSkills';
import { StartupDeadline } from './StartupDeadline';
import type { SessionTasks } from './SessionTasks';
import { ConnectionExtensions } from './ConnectionExtensions';
import { eventsCapabilityOf, type EventsCapability } from './events/eventsCapability';
import type { EventsWireClient } from './events/EventsWireClient';
import { CallDeadline } from './CallDeadline';
import { PersonWaits } from './PersonWaits';

export type {
  CallToolOptions,
  McpSessionOptions,
  SessionClosedEvent,
  SessionConnectOptions,
  SessionInfo,
  SessionState,
} from './McpSessionOptions';
import { hostText } from '../../../../shared/text/hostText';

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * One connection to one MCP server: the only place in the app that wraps the SDK `Client`.
 * Speaks both protocol eras, remembers era verdicts, taps traffic, maps SDK errors to
 * {@link AppError}, and recovers a stale legacy HTTP session once.
 */
/** JSON-RPC "Method not found". */
const METHOD_NOT_FOUND = -32601;

export class McpSession {
  private readonly events = new SessionEvents((error) => this.listenerFailed(error));
  /** Fires with the fresh tool list after the server announced a change (or a reconnect). */
  readonly onDidChangeTools = this.events.tools.event;
  /** Fires with the fresh prompt list after the server announced a change. */
  readonly onDidChangePrompts = this.events.prompts.event;
  /** Fires with the fresh resource list after the server announced a change. */
  readonly onDidChangeResources = this.events.resources.event;
  /** Server log records (`notifications/message`, legacy-era logging). */
  readonly onLog = this.events.logs.event;
  /** Every JSON-RPC message in and out, for the Traffic tab. */
  readonly onTraffic = this.events.traffic.event;
  /** A subscribed resource changed on the server (URI); both eras. */
  readonly onResourceUpdated = this.events.resourceUpdated.event;
  /** Fires once when the session ends, whether by `close()` or because the connection died. */
  readonly onDidClose = this.events.closed.event;
  /**
   * Any request (tool call, listing, read, prompt, completion, subscription) failed with
   * MCP_AUTH_REQUIRED: the tokens stopped working and could not be refreshed.
   */
  readonly onAuthRequired = this.events.authRequired.event;

  private readonly config: ServerConfig;
  private readonly options: McpSessionOptions;
  /** Requests to the person open on this session: tool-call timers stand still meanwhile. */
  private readonly personWaits = new PersonWaits();
  private stateValue: SessionState = 'idle';
  private connection: Connection | undefined;
  /** The connect attempt in flight, closed when the startup deadline fires. */
  private pending: Connection | undefined;
  private deadline: StartupDeadline | undefined;
  private infoValue: SessionInfo | undefined;
  private reconnecting: Promise<void> | undefined;
  /** Modern-era resource subscriptions (one listen stream). */
  /** Lists this server answered Method not found to (noted once each). */
  private readonly unimplemented = new Set<string>();
  private listen: ResourceListen | undefined;
  /** Last known tools by name: their annotations decide whether a call may be repeated. */
  private readonly tools = new Map<string, Tool>();
  /** The Tasks and Events clients of the current connection. */
  private readonly extensions: ConnectionExtensions;
  /** The server's skills (SEP-2640): listing and verified reads, both safe to repeat. */
  readonly skills = new SessionSkills((operation, request) =>
    this.run(operation, true, undefined, request),
  );

  constructor(options: McpSessionOptions) {
    this.config = options.config;
    this.options = {
      ...options,
      handlers: this.personWaits.track(options.handlers ?? declineAllInteractions),
    };
    this.extensions = new ConnectionExtensions({
      config: this.config,
      options: this.options,
      deadline: (timeoutMs) => this.callDeadline({ timeoutMs }),
      tool: (name) => this.tools.get(name),
    });
  }

  /** Where the session is in its lifecycle. */
  get state(): SessionState {
    return this.stateValue;
  }

  /** How the server is reached; known once connected (`http` may have fallen back to `sse`). */
  get transportKind(): TransportKind | undefined {
    return this.connection?.kind;
  }

  /** What the connect established; `undefined` before. */
  get info(): SessionInfo | undefined {
    return this.infoValue;
  }

  /** `legacy` (initialize handshake) or `modern` (2026-07-28); `undefined` before connect. */
  getProtocolEra(): ProtocolEra | undefined {
    return this.infoValue?.era;
  }

  /**
   * Connects within the startup budget. Rejects with MCP_TIMEOUT, CANCELLED, MCP_SPAWN_FAILED,
   * MCP_CLOSED or MCP_PROTOCOL; a session whose connect failed is closed for good.
   */
  async connect(options: SessionConnectOptions = {}): Promise<SessionInfo> {
    if (this.stateValue !== 'idle') {
      throw new AppError(AppErrorCode.Internal, `connect() called on a ${this.stateValue} session`);
    }
    this.stateValue = 'connecting';
    const deadline = new StartupDeadline(
      options.startupMs ?? this.config.timeouts.startupMs,
      options.signal,
    );
    this.deadline = deadline;
    // Closing the attempt in flight is what actually stops the SDK (and kills the process).
    const stopPending = (): void => {
      if (this.pending) void closeConnection(this.pending);
    };
    deadline.signal.addEventListener('abort', stopPending, { once: true });
    try {
      const { connection, info } = await establishSession({
        options: this.options,
        deadline,
        context: this.context(deadline.signal),
        stillWanted: () => this.stateValue === 'connecting',
      });
      this.adopt(connection);
      this.infoValue = info;
      this.stateValue = 'connected';
      return info;
    } catch (error) {
      this.stateValue = 'closed';
      throw error;
    } finally {
      deadline.signal.removeEventListener('abort', stopPending);
      deadline.dispose();
      this.deadline = undefined;
    }
  }

  /**
   * Gives a connect in progress at least `ms` more from now (never shortens it). The supervisor
   * calls this while a package install is visibly working. No effect outside a connect.
   */
  extendStartupDeadline(ms: number): void {
    this.deadline?.extend(ms);
  }

  /** Every tool, all pages. */
  async listTools(): Promise<Tool[]> {
    const { tools } = await this.optionalList('tools/list', { tools: [] }, (client) =>
      client.listTools(undefined, { timeout: this.config.timeouts.requestMs }),
    );
    this.indexTools(tools);
    return tools;
  }

  /** Every resource, all pages. */
  async listResources(): Promise<Resource[]> {
    const { resources } = await this.optionalList('resources/list', { resources: [] }, (client) =>
      client.listResources(undefined, { timeout: this.config.timeouts.requestMs }),
    );
    return resources;
  }

  /** Every resource template, all pages. */
  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    const result = await this.optionalList(
      'resources/templates/list',
      { resourceTemplates: [] },
      (client) =>
        client.listResourceTemplates(undefined, { timeout: this.config.timeouts.requestMs }),
    );
    return result.resourceTemplates;
  }

  /** Reads one resource (a read, so safe to repeat after a stale session). */
  readResource(uri: string): Promise<ReadResourceResult> {
    return this.run(`resources/read ${uri}`, true, undefined, (client) =>
      client.readResource({ uri }, { timeout: this.config.timeouts.requestMs }),
    );
  }

  /** Every prompt, all pages. */
  async listPrompts(): Promise<Prompt[]> {
    const { prompts } = await this.optionalList('prompts/list', { prompts: [] }, (client) =>
      client.listPrompts(undefined, { timeout: this.config.timeouts.requestMs }),
    );
    return prompts;
  }

  /** Renders one prompt with its arguments (a read, so safe to repeat). */
  getPrompt(name: string, args: Record<string, string> = {}): Promise<GetPromptResult> {
    return this.run(`prompts/get ${name}`, true, undefined, (client) =>
      client.getPrompt({ name, arguments: args }, { timeout: this.config.timeouts.requestMs }),
    );
  }

  /** `completion/complete` for a prompt or resource-template argument (a read). */
  complete(params: CompleteRequest['params']): Promise<CompleteResult> {
    return this.run('completion/complete', true, undefined, (client) =>
      client.complete(params, { timeout: this.config.timeouts.requestMs }),
    );
  }

  /**
   * Watches a resource: `resources/subscribe` on a 2025 connection, a `subscriptions/listen`
   * stream on a 2026 one. Updates arrive through {@link onResourceUpdated}.
   */
  subscribeResource(uri: string): Promise<void> {
    if (this.infoValue?.era === 'modern') {
      this.listen ??= new ResourceListen(this.config.timeouts.requestMs);
      const listen = this.listen;
      return this.run(`subscriptions/listen ${uri}`, true, undefined, (client) =>
        listen.add(client, uri),
      );
    }
    return this.run(`resources/subscribe ${uri}`, true, undefined, async (client) => {
      await client.subscribeResource({ uri }, { timeout: this.config.timeouts.requestMs });
    });
  }

  unsubscribeResource(uri: string): Promise<void> {
    const listen = this.listen;
    if (this.infoValue?.era === 'modern') {
      if (!listen) return Promise.resolve();
      return this.run(`subscriptions/listen ${uri}`, true, undefined, (client) =>
        listen.remove(client, uri),
      );
    }
    return this.run(`resources/unsubscribe ${uri}`, true, undefined, async (client) => {
      await client.unsubscribeResource({ uri }, { timeout: this.config.timeouts.requestMs });
    });
  }

  /**
   * Calls a tool. Tool failures (including arguments the server's schema rejects) come back as
   * `isError` results; an unknown tool rejects with MCP_PROTOCOL carrying the server's JSON-RPC
   * code. A cancel rejects with CANCELLED, a timeout with MCP_TIMEOUT.
   */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: CallToolOptions = {},
  ): Promise<CallToolResult> {
    return callSessionTool(
      {
        serverName: this.config.name,
        retrySafe: isRetrySafeTool(this.tools.get(name)),
        run: (operation, retrySafe, signal, request) =>
          this.run(operation, retrySafe, signal, request),
        deadline: (deadlineOptions) => this.callDeadline(deadlineOptions),
        handlers: this.options.handlers,
        listenerFailed: (error) => this.listenerFailed(error),
      },
      name,
      args,
      options,
    );
  }

  /**
   * A tool call's timeout (idle, reset by progress; an optional cap), standing still while a
   * request of this server waits for the person.
   */
  callDeadline(
    options: Pick<CallToolOptions, 'timeoutMs' | 'maxTotalTimeoutMs'> = {},
  ): CallDeadline {
    return new CallDeadline({
      idleMs: options.timeoutMs ?? this.config.timeouts.requestMs,
      ...(options.maxTotalTimeoutMs === undefined ? {} : { maxTotalMs: options.maxTotalTimeoutMs }),
      waits: this.personWaits,
      ...(this.options.timers ? { timers: this.options.timers } : {}),
    });
  }

  /**
   * Tool calls that may become tasks, on the current connection (both eras; see SessionTasks).
   * Rejects with MCP_CLOSED when not connected.
   */
  tasks(): SessionTasks {
    return this.extensions.tasks(this.requireConnection('tasks'));
  }

  /**
   * How the server declared the Events extension (SEP-3415's `extensions` entry or the deployed
   * top-level `events`, read from the raw handshake); `undefined` when it declared neither.
   */
  get eventsCapability(): EventsCapability | undefined {
    return eventsCapabilityOf(this.infoValue?.rawCapabilities);
  }

  /**
   * The Events extension on the current connection (both eras). Its requests are refused when
   * the server declared no Events support. Rejects with MCP_CLOSED when not connected.
   */
  eventsClient(): EventsWireClient {
    return this.extensions.events(
      this.requireConnection('events'),
      this.infoValue,
      this.eventsCapability,
    );
  }

  /**
   * Tells a 2025-era server that the roots changed (`notifications/roots/list_changed`).
   * The 2026 era has no such notification (servers ask each time): nothing is sent there.
   */
  async notifyRootsChanged(): Promise<void> {
    if (this.infoValue?.era !== 'legacy' || !this.connection) return;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- roots are a 2025-era feature we keep serving
    await this.connection.client.sendRootsListChanged();
  }

  /** Ends the session: closes the connection (and the server process on stdio). Idempotent. */
  async close(): Promise<void> {
    if (this.stateValue === 'closed') return;
    this.stateValue = 'closed';
    await this.listen?.close().catch(() => {});
    await this.extensions.close();
    const connections = [this.pending, this.connection];
    this.connection = undefined;
    for (const connection of connections) {
      if (!connection) continue;
      connection.client.onclose = undefined;
      await closeConnection(connection);
    }
    // A verdict reached by this connect is on disk before the session counts as closed.
    await this.options.eraCache?.settled();
    this.events.closed.fire({ expected: true });
    this.events.dispose();
  }

  private context(signal: AbortSignal): ConnectionContext {
    return createConnectionContext(signal, {
      options: this.options,
      events: this.events,
      onTools: (tools) => this.indexTools(tools),
      track: (connection) => {
        this.pending = connection;
      },
    });
  }

  private adopt(connection: Connection): void {
    this.connection = connection;
    connection.client.onerror = (error) => {
      // Known SDK race (#2580): a progress report just ahead of the result is dropped. Noise.
      const noisy = /progress notification for an unknown token/i.test(error.message);
      if (noisy) this.options.logger?.debug('sdk', { error });
      else this.options.logger?.warn('mcp client error', { error });
    };
    connection.client.onclose = () => {
      if (this.connection !== connection || this.stateValue !== 'connected') return;
      this.end(new AppError(AppErrorCode.McpClosed, hostText('mcp.closed')));
    };
  }

  /** The connection died or could not be rebuilt: the session is over, say why once. */
  private end(error: AppError): void {
    const connection = this.connection;
    this.connection = undefined;
    this.stateValue = 'closed';
    if (connection) {
      connection.client.onclose = undefined;
      void closeConnection(connection);
    }
    this.events.closed.fire({ expected: false, error });
    this.events.dispose();
  }

  /**
   * Runs one request and maps its failure. A stale legacy HTTP session (the server restarted)
   * is rebuilt once, and the request repeated only when `retrySafe`.
   */
  private async run<T>(
    operation: string,
    retrySafe: boolean,
    signal: AbortSignal | undefined,
    request: (client: Client) => Promise<T>,
  ): Promise<T> {
    const connection = this.requireConnection(operation);
    try {
      return await request(connection.client);
    } catch (error) {
      if (signal?.aborted) throw mapSdkError(error, { operation, cancelled: true });
      if (!isStaleSessionError(error, connection.tap.sessionId !== undefined)) {
        throw this.failed(error, operation);
      }
      this.options.logger?.info('server lost our HTTP session; reconnecting', { operation });
      await this.recoverStaleSession(connection);
      if (!retrySafe) {
        throw new AppError(AppErrorCode.McpClosed, hostText('mcp.staleNotRepeated'), {
          operation,
          staleSession: true,
          retried: false,
        });
      }
    }
    try {
      return await request(this.requireConnection(operation).client);
    } catch (retryError) {
      if (signal?.aborted) throw mapSdkError(retryError, { operation, cancelled: true });
      throw this.failed(retryError, operation);
    }
  }

  /**
   * A list the server declared but does not implement (Method not found, as servers written for
   * older SDKs answer `resources/templates/list`) is empty, not a failure of the whole listing.
   * Noted once per session in the server's log, where a person looking into it will see it.
   */
  private async optionalList<T>(
    operation: string,
    empty: T,
    request: (client: Client) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.run(operation, true, undefined, request);
    } catch (error) {
      const data =
        error instanceof AppError ? (error.data as { code?: unknown } | undefined) : undefined;
      if (data?.code !== METHOD_NOT_FOUND) throw error;
      if (!this.unimplemented.has(operation)) {
        this.unimplemented.add(operation);
        this.options.onNote?.(
          `The server does not implement ${operation} (Method not found); treated as empty.`,
        );
      }
      return empty;
    }
  }

  private failed(error: unknown, operation: string): AppError {
    const staleModernVerdict =
      error instanceof ProtocolError &&
      error.code === UNSUPPORTED_PROTOCOL_VERSION &&
      this.infoValue?.eraSource === 'cache';
    // A remembered modern verdict the server no longer honours: re-probe next time.
    if (staleModernVerdict) {
      void this.options.eraCache?.delete(configHash(this.options.identity ?? this.config));
    }
    const mapped = mapSdkError(error, { operation });
    if (mapped.code === AppErrorCode.McpAuthRequired) this.events.authRequired.fire(mapped);
    return mapped;
  }

  /** Single-flight: concurrent calls that all hit the stale session share one reconnect. */
  private async recoverStaleSession(stale: Connection): Promise<void> {
    if (this.connection === stale) {
      this.reconnecting ??= this.reconnect(stale).finally(() => {
        this.reconnecting = undefined;
      });
    }
    await this.reconnecting;
  }

  private async reconnect(stale: Connection): Promise<void> {
    if (this.config.transport === 'stdio') return;
    let fresh: Connection;
    try {
      fresh = await reconnectLegacyHttp(
        (signal) => this.context(signal),
        this.config,
        this.options.authProvider,
      );
    } catch (error) {
      const mapped = mapSdkError(error, { operation: 'reconnect' });
      if (this.connection === stale) this.end(mapped);
      throw mapped;
    }
    if (this.connection !== stale || this.stateValue !== 'connected') {
      await closeConnection(fresh);
      throw new AppError(AppErrorCode.McpClosed, hostText('mcp.closedReconnecting'));
    }
    stale.client.onclose = undefined;
    void closeConnection(stale);
    this.adopt(fresh);
    void this.refreshToolsAfterReconnect();
  }

  /** A restarted server may have a different tool set: tell listeners, best effort. */
  private async refreshToolsAfterReconnect(): Promise<void> {
    if (!this.infoValue?.capabilities.tools) return;
    try {
      this.events.tools.fire(await this.listTools());
    } catch (error) {
      this.options.logger?.warn('tool refresh after reconnect failed', { error });
    }
  }

  private requireConnection(operation: string): Connection {
    if (this.stateValue === 'connected' && this.connection) return this.connection;
    throw new AppError(AppErrorCode.McpClosed, hostText('mcp.notConnected'), {
      operation,
    });
  }

  private indexTools(tools: Tool[]): void {
    this.tools.clear();
    for (const tool of tools) this.tools.set(tool.name, tool);
  }

  private listenerFailed(error: unknown): void {
    this.options.logger?.warn('session listener threw', { error });
  }
}
