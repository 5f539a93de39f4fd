import type { ServerFailure, ServerStatus } from '../../shared/domain/serverStatus';

/** The failure a status carries: the error's, or the one a restart is recovering from. */
export function statusFailure(status: ServerStatus): ServerFailure | undefined {
  return status.kind === 'error'
    ? status.failure
    : status.kind === 'restarting'
      ? status.lastFailure
      : undefined;
}
