import type { ServerView } from '../../../shared/domain/mcpViews';

/** How many servers are in each state the sidebar's summary names. */
export interface ServerCounts {
  ready: number;
  /** Failed, or waiting to try again after failing. */
  failed: number;
  /** Waiting for the person to sign in. */
  signIn: number;
  /** Starting, or signing in now. */
  starting: number;
  /** Not running, known by their remembered lists: they start when first needed. */
  waiting: number;
  /** Stopped or disabled. */
  off: number;
}

/** Counts servers by the state the summary line shows. */
export function serverCounts(servers: readonly Pick<ServerView, 'status'>[]): ServerCounts {
  const counts: ServerCounts = {
    ready: 0,
    failed: 0,
    signIn: 0,
    starting: 0,
    waiting: 0,
    off: 0,
  };
  for (const { status } of servers) {
    if (status.kind === 'ready') counts.ready++;
    else if (status.kind === 'error' || status.kind === 'restarting') counts.failed++;
    else if (status.kind === 'needs-sign-in' && !status.inProgress) counts.signIn++;
    else if (status.kind === 'starting' || status.kind === 'needs-sign-in') counts.starting++;
    else if (status.kind === 'remembered') counts.waiting++;
    else counts.off++;
  }
  return counts;
}

/** A server that needs the person: it failed, or it waits for a sign-in. */
export function needsAttention(server: Pick<ServerView, 'status'>): boolean {
  const { status } = server;
  return (
    status.kind === 'error' ||
    status.kind === 'restarting' ||
    (status.kind === 'needs-sign-in' && !status.inProgress)
  );
}
