import type { RequestHandlers } from '../../../shared/ipc/contract';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { McpService } from '../mcp/McpService';

type Name =
  | 'mcp.listAllResources'
  | 'mcp.listAllPrompts'
  | 'mcp.complete'
  | 'mcp.resolveTemplate'
  | 'mcp.subscribeResource'
  | 'mcp.unsubscribeResource'
  | 'mcp.listSubscriptions';

const notYet = (): never => {
  throw new AppError(AppErrorCode.Unsupported, 'Not implemented yet.');
};

/** Handlers of the resource and prompt requests that span servers. */
export function createResourceHandlers(_mcp: McpService): Pick<RequestHandlers, Name> {
  return {
    'mcp.listAllResources': notYet,
    'mcp.listAllPrompts': notYet,
    'mcp.complete': notYet,
    'mcp.resolveTemplate': notYet,
    'mcp.subscribeResource': notYet,
    'mcp.unsubscribeResource': notYet,
    'mcp.listSubscriptions': notYet,
  };
}
