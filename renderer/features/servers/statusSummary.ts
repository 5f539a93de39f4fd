import type { ServerStatus } from '../../../shared/domain/serverStatus';

/** The colour family of a status dot or badge. */
export type StatusTone = 'ok' | 'busy' | 'error' | 'off' | 'attention';

/** What the UI says about a status in a few words: tone, i18n key, and its values. */
export interface StatusSummary {
  tone: StatusTone;
  key:
    | 'status.ready'
    | 'status.starting'
    | 'status.restartingIn'
    | 'status.restartingNow'
    | 'status.error'
    | 'status.stopped'
    | 'status.disabled'
    | 'status.needsSignIn'
    | 'status.signingIn'
    | 'onDemand.status.remembered'
    | 'onDemand.status.idleStopped';
  params: Record<string, number>;
}

/** Summarises a status; `now` makes the restart countdown a pure function of time. */
export function statusSummary(status: ServerStatus, now: number): StatusSummary {
  switch (status.kind) {
    case 'ready':
      return { tone: 'ok', key: 'status.ready', params: {} };
    case 'starting':
      return { tone: 'busy', key: 'status.starting', params: {} };
    case 'restarting': {
      const seconds = Math.ceil((status.nextRetryAt - now) / 1000);
      return seconds > 0
        ? { tone: 'busy', key: 'status.restartingIn', params: { seconds } }
        : { tone: 'busy', key: 'status.restartingNow', params: {} };
    }
    case 'error':
      return { tone: 'error', key: 'status.error', params: {} };
    case 'stopped':
      return { tone: 'off', key: 'status.stopped', params: {} };
    case 'remembered':
      return status.idleStoppedAt === undefined
        ? { tone: 'off', key: 'onDemand.status.remembered', params: {} }
        : { tone: 'off', key: 'onDemand.status.idleStopped', params: {} };
    case 'disabled':
      return { tone: 'off', key: 'status.disabled', params: {} };
    case 'needs-sign-in':
      return status.inProgress
        ? { tone: 'busy', key: 'status.signingIn', params: {} }
        : { tone: 'attention', key: 'status.needsSignIn', params: {} };
  }
}
