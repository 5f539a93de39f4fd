import type { CompletionRef, CompletionResult } from '../../../shared/domain/attachments';
import { AppError, AppErrorCode } from '../../../shared/errors';
import type { McpService } from '../mcp/McpService';

const METHOD_NOT_FOUND = -32601;
/** The spec caps a completion at 100 values. */
const MAX_VALUES = 100;

/**
 * `completion/complete` for one argument, with the arguments filled so far as context. A
 * server that does not offer completions (no capability, or it says the method is unknown)
 * simply has none: the form still works as plain text fields.
 */
export async function completeArgument(
  mcp: McpService,
  request: {
    server: string;
    ref: CompletionRef;
    argument: { name: string; value: string };
    context?: { arguments: Record<string, string> } | undefined;
  },
): Promise<CompletionResult> {
  // A completion while filling a picked template or prompt: its server starts if it waits.
  const session = (await mcp.use(request.server)).ready();
  if (!session.info?.capabilities.completions) return { values: [] };
  try {
    const { completion } = await session.complete({
      ref: request.ref,
      argument: request.argument,
      ...(request.context ? { context: request.context } : {}),
    });
    return {
      values: completion.values.slice(0, MAX_VALUES),
      ...(completion.total !== undefined ? { total: completion.total } : {}),
      ...(completion.hasMore !== undefined ? { hasMore: completion.hasMore } : {}),
    };
  } catch (error) {
    const app = AppError.from(error);
    const rpcCode = (app.data as { code?: unknown } | undefined)?.code;
    if (app.code === AppErrorCode.McpProtocol && rpcCode === METHOD_NOT_FOUND)
      return { values: [] };
    throw app;
  }
}
