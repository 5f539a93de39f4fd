import { SdkHttpError } from '@modelcontextprotocol/client';
import type { Tool } from './mcpTypes';

/**
 * True when a request failed because the server no longer knows our HTTP session — what a
 * legacy Streamable HTTP server that restarted answers to the old `Mcp-Session-Id`. The spec
 * answer is 404; some servers (server-everything among them) answer 400 with a body that
 * talks about the session, which we accept too. Only meaningful when we sent a session id.
 */
export function isStaleSessionError(error: unknown, hadSessionId: boolean): boolean {
  if (!hadSessionId || !(error instanceof SdkHttpError)) return false;
  if (error.status === 404) return true;
  if (error.status !== 400) return false;
  const text = error.data.text;
  return typeof text === 'string' && /session/i.test(text);
}

/**
 * Whether repeating a `tools/call` after a reconnect cannot do harm: only when the server says
 * so (`readOnlyHint` or `idempotentHint`). An unknown tool is never retried.
 */
export function isRetrySafeTool(tool: Tool | undefined): boolean {
  const annotations = tool?.annotations;
  return annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
}
