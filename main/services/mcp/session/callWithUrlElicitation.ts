import { AppError } from '../../../../shared/errors';
import type { InteractionHandlers } from './InteractionHandlers';
import type { CallToolResult, ElicitRequestURLParams } from './mcpTypes';

/** JSON-RPC code of "URL elicitation required" (2025-11-25). */
export const URL_ELICITATION_REQUIRED = -32042;

export interface UrlElicitationCallContext {
  handlers: InteractionHandlers | undefined;
  serverName: string;
  signal: AbortSignal | undefined;
}

/**
 * Runs a tool call; when the server answers -32042 (pages the person must open first), asks
 * the handlers and repeats the call once after the person opened them. A refusal becomes an
 * error result the caller (and a model) can read, rather than a protocol failure.
 */
export async function callWithUrlElicitation(
  call: () => Promise<CallToolResult>,
  context: UrlElicitationCallContext,
): Promise<CallToolResult> {
  try {
    return await call();
  } catch (error) {
    const elicitations = urlElicitationsOf(error);
    const handlers = context.handlers;
    if (!elicitations || !handlers?.urlElicitationRequired) throw error;
    const signal = context.signal ?? new AbortController().signal;
    const retry = await handlers.urlElicitationRequired(elicitations, {
      serverName: context.serverName,
      signal,
    });
    if (!retry) {
      const urls = elicitations.map((e) => e.url).join(', ');
      return {
        content: [
          {
            type: 'text',
            text: `The tool needs a page opened first (${urls}); the person declined to open it.`,
          },
        ],
        isError: true,
      };
    }
    return call();
  }
}

/** The URL elicitations a -32042 error carries (kept in `data.data` by `mapSdkError`). */
export function urlElicitationsOf(error: unknown): ElicitRequestURLParams[] | undefined {
  if (!(error instanceof AppError)) return undefined;
  const details = error.data as { code?: unknown; data?: unknown } | undefined;
  if (details?.code !== URL_ELICITATION_REQUIRED) return undefined;
  const list = (details.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(list)) return undefined;
  const valid = list.filter(
    (e): e is ElicitRequestURLParams =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as { url?: unknown }).url === 'string' &&
      typeof (e as { message?: unknown }).message === 'string',
  );
  return valid.length > 0 ? valid : undefined;
}
