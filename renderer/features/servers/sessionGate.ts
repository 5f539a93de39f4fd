import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';

/** What a tab needs to know before asking a server anything. */
export type SessionGate =
  { kind: 'ready'; session: number } | { kind: 'notReady' } | { kind: 'unsupported' };

/**
 * Whether a server can be asked for a capability now. `session` changes when the server
 * reconnects, so lists are asked for again after a restart.
 */
export function sessionGate(
  server: ServerView,
  detail: ServerDetail | undefined,
  capability: 'resources' | 'prompts',
): SessionGate {
  if (server.status.kind !== 'ready') return { kind: 'notReady' };
  if (detail?.capabilities && !(capability in detail.capabilities)) return { kind: 'unsupported' };
  return { kind: 'ready', session: server.status.since };
}
