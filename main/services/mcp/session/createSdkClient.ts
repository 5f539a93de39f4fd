import {
  Client,
  type ClientOptions,
  type Implementation,
  type VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import { APP_MIME_TYPE, APPS_EXTENSION_ID } from '../../../../shared/domain/apps';
import type { InteractionHandlers } from './InteractionHandlers';
import { bindClientTasks } from './bindClientTasks';
import type { Prompt, Resource, ServerLogLevel, Tool } from './mcpTypes';

/** A log record a server sent with `notifications/message` (legacy-era logging). */
export interface ServerLogEntry {
  level: ServerLogLevel;
  logger?: string;
  data: unknown;
  at: number;
}

/** Where the SDK client's callbacks go; every callback must be safe to call at any time. */
export interface SdkClientHooks {
  serverName: string;
  handlers: InteractionHandlers;
  onToolsChanged: (tools: Tool[]) => void;
  onPromptsChanged: (prompts: Prompt[]) => void;
  onResourcesChanged: (resources: Resource[]) => void;
  onListRefreshFailed: (list: 'tools' | 'prompts' | 'resources', error: Error) => void;
  onLog: (entry: ServerLogEntry) => void;
  /** A subscribed resource changed (2025 `resources/subscribe`, 2026 `subscriptions/listen`). */
  onResourceUpdated?: (uri: string) => void;
  /** Failures of client-side tasks (a server's sampling or elicitation run as a task). */
  onTaskReceiverError?: (error: unknown) => void;
}

/**
 * The capabilities Switchboard declares. They must be set at construction: the SDK refuses a
 * request handler whose capability was not declared first.
 */
export const CLIENT_CAPABILITIES = {
  sampling: { tools: {} },
  elicitation: { form: { applyDefaults: true }, url: {} },
  roots: { listChanged: true },
  // 2025-11-25 client-side tasks: a server may send sampling or elicitation as a task and poll
  // us (bindClientTasks serves tasks/get, tasks/result, tasks/list, tasks/cancel). Exactly what
  // the ext-tasks receiver reports as its capabilities (a test holds the two together).
  tasks: {
    list: {},
    cancel: {},
    requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
  },
  // MCP Apps: servers' UI resources are rendered (sandboxed) in windows of both shells.
  extensions: { [APPS_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } },
} satisfies ClientOptions['capabilities'];

/**
 * Builds one SDK `Client` for one connection attempt. A fresh client per attempt keeps state
 * from a failed Streamable HTTP try (or a stale session) out of the next one.
 */
export function createSdkClient(
  clientInfo: Implementation,
  versionNegotiation: VersionNegotiationOptions,
  hooks: SdkClientHooks,
): Client {
  const client = new Client(clientInfo, {
    capabilities: CLIENT_CAPABILITIES,
    versionNegotiation,
    // The SDK's own list_changed machinery works in both eras (it opens subscriptions/listen on
    // modern connections); registering our own notification handler would silently replace it.
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          if (error) hooks.onListRefreshFailed('tools', error);
          else if (tools) hooks.onToolsChanged(tools);
        },
      },
      prompts: {
        onChanged: (error, prompts) => {
          if (error) hooks.onListRefreshFailed('prompts', error);
          else if (prompts) hooks.onPromptsChanged(prompts);
        },
      },
      resources: {
        onChanged: (error, resources) => {
          if (error) hooks.onListRefreshFailed('resources', error);
          else if (resources) hooks.onResourcesChanged(resources);
        },
      },
    },
  });

  const context = (signal: AbortSignal) => ({ serverName: hooks.serverName, signal });
  client.setRequestHandler('sampling/createMessage', (request, ctx) =>
    hooks.handlers.sampling(request, context(ctx.mcpReq.signal)),
  );
  client.setRequestHandler('elicitation/create', (request, ctx) =>
    hooks.handlers.elicitation(request, context(ctx.mcpReq.signal)),
  );
  client.setRequestHandler('roots/list', (_request, ctx) =>
    hooks.handlers.roots(context(ctx.mcpReq.signal)),
  );
  // After the plain handlers: the receiver takes task-augmented requests and hands plain ones on.
  bindClientTasks(client, hooks);
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, logger, data } = notification.params;
    hooks.onLog(
      logger === undefined
        ? { level, data, at: Date.now() }
        : { level, logger, data, at: Date.now() },
    );
  });
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    hooks.handlers.elicitationComplete?.(notification.params.elicitationId, hooks.serverName);
  });
  // The SDK only evicts its read cache on this notification; it registers no handler of its own.
  // Both eras deliver it here (modern: on our `subscriptions/listen` stream).
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    hooks.onResourceUpdated?.(notification.params.uri);
  });
  return client;
}
