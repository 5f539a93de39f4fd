import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { ResourceRequestName } from '../mcp/createMcpHandlers';
import type { McpService } from '../mcp/McpService';
import { expandUriTemplate } from '../mcp/session/expandUriTemplate';
import { completeArgument } from './completeArgument';
import { listAllPrompts, listAllResources } from '../mcp/listAcrossServers';
import type { ResourceSubscriptions } from './ResourceSubscriptions';

/** Handlers of the resource and prompt requests that span servers, and of subscriptions. */
export function createResourceHandlers(
  mcp: McpService,
  subscriptions: ResourceSubscriptions,
): Pick<RequestHandlers, ResourceRequestName> {
  return {
    'mcp.listAllResources': async () => ({ servers: await listAllResources(mcp) }),
    'mcp.listAllPrompts': async () => ({ servers: await listAllPrompts(mcp) }),
    'mcp.complete': (request) => completeArgument(mcp, request),
    'mcp.resolveTemplate': ({ server, uriTemplate, arguments: args }) => {
      mcp.supervisor(server);
      return { uri: expandUriTemplate(uriTemplate, args) };
    },
    'mcp.subscribeResource': async ({ server, uri }) => {
      await subscriptions.subscribe(server, uri);
      return {};
    },
    'mcp.unsubscribeResource': async ({ server, uri }) => {
      await subscriptions.unsubscribe(server, uri);
      return {};
    },
    'mcp.listSubscriptions': () => ({ subscriptions: subscriptions.list() }),
  };
}
