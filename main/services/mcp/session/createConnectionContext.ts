import { createSdkClient } from './createSdkClient';
import { declineAllInteractions } from './InteractionHandlers';
import { DEFAULT_PROBE_TIMEOUT_MS, type McpSessionOptions } from './McpSessionOptions';
import type { Tool } from './mcpTypes';
import type { Connection, ConnectionContext } from './openConnection';
import type { SessionEvents } from './SessionEvents';
import { TrafficTapTransport } from './TrafficTapTransport';

/** How the host introduces itself when the session options do not say. */
export const DEFAULT_CLIENT_INFO = { name: 'switchboard', version: '0.1.0' };

/** The session-side ends a connection context feeds. */
export interface ConnectionContextHooks {
  options: McpSessionOptions;
  events: SessionEvents;
  /** Called with every fresh tool list before listeners see it. */
  onTools: (tools: Tool[]) => void;
  /** Records the attempt in flight (or `undefined` when it settled). */
  track: (connection: Connection | undefined) => void;
}

/**
 * The context every connect attempt of a session shares: SDK clients wired to the session's
 * handlers and events, and transports wrapped in the session's traffic tap.
 */
export function createConnectionContext(
  signal: AbortSignal,
  hooks: ConnectionContextHooks,
): ConnectionContext {
  const { options, events } = hooks;
  const clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
  return {
    signal,
    probeTimeoutMs: options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    makeClient: (negotiation) =>
      createSdkClient(clientInfo, negotiation, {
        serverName: options.config.name,
        handlers: options.handlers ?? declineAllInteractions,
        onToolsChanged: (tools) => {
          hooks.onTools(tools);
          events.tools.fire(tools);
        },
        onPromptsChanged: (prompts) => events.prompts.fire(prompts),
        onResourcesChanged: (resources) => events.resources.fire(resources),
        onListRefreshFailed: (list, error) =>
          options.logger?.warn('list refresh after list_changed failed', { list, error }),
        onLog: (entry) => events.logs.fire(entry),
        onResourceUpdated: (uri) => events.resourceUpdated.fire(uri),
        onTaskReceiverError: (error) =>
          options.logger?.warn('a task the server asked us to run failed', { error }),
      }),
    tap: (inner, kind) =>
      new TrafficTapTransport(inner, {
        kind,
        onTraffic: (event) => events.traffic.fire(event),
        isWatched: () => events.traffic.hasListeners,
      }),
    track: hooks.track,
  };
}
