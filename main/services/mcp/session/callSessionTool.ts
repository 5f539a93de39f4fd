import type { Client } from '@modelcontextprotocol/client';
import type { CallDeadline } from './CallDeadline';
import { SDK_TIMEOUT_OFF_MS } from './CallDeadline';
import { callWithUrlElicitation } from './callWithUrlElicitation';
import type { InteractionHandlers } from './InteractionHandlers';
import type { CallToolOptions } from './McpSessionOptions';
import type { CallToolResult, Progress } from './mcpTypes';

/** What one tool call needs from its session. */
export interface SessionToolCallDeps {
  serverName: string;
  /** Whether the call may be repeated after a stale session (read-only, idempotent). */
  retrySafe: boolean;
  /** Runs one request on the current connection and maps its failure (McpSession.run). */
  run: <T>(
    operation: string,
    retrySafe: boolean,
    signal: AbortSignal | undefined,
    request: (client: Client) => Promise<T>,
  ) => Promise<T>;
  /** The call's timeout (idle, reset by progress), standing still while the person answers. */
  deadline: (options: CallToolOptions) => CallDeadline;
  handlers: InteractionHandlers | undefined;
  /** A progress listener threw: reported, the call goes on. */
  listenerFailed: (error: unknown) => void;
}

/**
 * Calls a tool on a session: the host times the call, progress resets the idle timeout, and a
 * -32042 answer (URL elicitation required) has the person open the server's pages first, then
 * the call is repeated once.
 */
export function callSessionTool(
  deps: SessionToolCallDeps,
  name: string,
  args: Record<string, unknown>,
  options: CallToolOptions,
): Promise<CallToolResult> {
  const { onProgress, signal } = options;
  const call = async (): Promise<CallToolResult> => {
    // The host times the call (see CallDeadline): the SDK's timer cannot stand still while
    // the person answers the server's question, so it is set out of reach.
    const deadline = deps.deadline(options);
    const callSignal = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
    try {
      return await deps.run(`tools/call ${name}`, deps.retrySafe, signal, (client) =>
        client.callTool(
          { name, arguments: args },
          {
            timeout: SDK_TIMEOUT_OFF_MS,
            signal: callSignal,
            // Always ask for progress: the SDK sends a progress token only with a callback,
            // and without reports the idle timeout could never be reset by a working server.
            onprogress: (progress: Progress) => {
              deadline.touch();
              try {
                onProgress?.(progress);
              } catch (error) {
                deps.listenerFailed(error);
              }
            },
          },
        ),
      );
    } finally {
      deadline.dispose();
    }
  };
  // -32042: the person opens the server's pages first, then the call is repeated once.
  return callWithUrlElicitation(call, {
    handlers: deps.handlers,
    serverName: deps.serverName,
    signal,
  });
}
