import type { ServerConfig } from '../../../../shared/domain/serverConfig';
import type { CallDeadline } from './CallDeadline';
import { DEFAULT_CLIENT_INFO } from './createConnectionContext';
import { CLIENT_CAPABILITIES } from './createSdkClient';
import type { EventsCapability } from './events/eventsCapability';
import { EventsWireClient } from './events/EventsWireClient';
import { declineAllInteractions } from './InteractionHandlers';
import type { McpSessionOptions, SessionInfo } from './McpSessionOptions';
import type { Tool } from './mcpTypes';
import type { Connection } from './openConnection';
import { SessionTasks, endpointIdFor } from './SessionTasks';

/** What the extensions of a session's connection are made with. */
export interface ConnectionExtensionsDeps {
  config: ServerConfig;
  /** The session's options (its handlers already tracked for the person's waits). */
  options: McpSessionOptions;
  /** A tool call's timeout, standing still while the person answers (see CallDeadline). */
  deadline: (timeoutMs: number) => CallDeadline;
  /** The last known tool of that name. */
  tool: (name: string) => Tool | undefined;
}

/**
 * The Tasks and Events extensions' clients of a session, each bound to the connection it was
 * made on: made on first use, and made again (the old one closed) after a reconnect.
 */
export class ConnectionExtensions {
  /** Task calls on the current connection, made on first use. */
  private taskSupport: { connection: Connection; tasks: SessionTasks } | undefined;
  /** The Events extension's client on the current connection, made on first use. */
  private eventsSupport: { connection: Connection; events: EventsWireClient } | undefined;

  constructor(private readonly deps: ConnectionExtensionsDeps) {}

  /** Tool calls that may become tasks, on `connection` (both eras; see SessionTasks). */
  tasks(connection: Connection): SessionTasks {
    const { config, options } = this.deps;
    if (this.taskSupport?.connection !== connection) {
      void this.taskSupport?.tasks.close();
      const tasks = new SessionTasks({
        client: connection.client,
        tap: connection.tap,
        serverName: config.name,
        endpointId: endpointIdFor(options.identity ?? config),
        handlers: options.handlers ?? declineAllInteractions,
        deadline: (timeoutMs) => this.deps.deadline(timeoutMs),
        tool: (name) => this.deps.tool(name),
        clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
        clientCapabilities: CLIENT_CAPABILITIES,
        requestTimeoutMs: config.timeouts.requestMs,
        ...(options.logger ? { logger: options.logger } : {}),
      });
      this.taskSupport = { connection, tasks };
    }
    return this.taskSupport.tasks;
  }

  /** The Events extension on `connection`, as the server declared it (`capability`). */
  events(
    connection: Connection,
    info: SessionInfo | undefined,
    capability: EventsCapability | undefined,
  ): EventsWireClient {
    const { config, options } = this.deps;
    if (this.eventsSupport?.connection !== connection) {
      this.eventsSupport?.events.close();
      const events = new EventsWireClient({
        tap: connection.tap,
        transportKind: connection.kind,
        era: info?.era ?? 'legacy',
        protocolVersion: info?.protocolVersion ?? '',
        clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
        clientCapabilities: CLIENT_CAPABILITIES,
        serverName: config.name,
        capability,
        requestTimeoutMs: config.timeouts.requestMs,
      });
      this.eventsSupport = { connection, events };
    }
    return this.eventsSupport.events;
  }

  /** Closes both clients (the session closed). */
  async close(): Promise<void> {
    await this.taskSupport?.tasks.close();
    this.taskSupport = undefined;
    this.eventsSupport?.events.close();
    this.eventsSupport = undefined;
  }
}
