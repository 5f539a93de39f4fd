import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText } from '../../../../shared/text/hostText';
import type { ServerSupervisor } from '../supervisor/ServerSupervisor';

const CODES: ReadonlyMap<string, AppErrorCode> = new Map(
  Object.values(AppErrorCode).map((code): [string, AppErrorCode] => [code, code]),
);

/** A failure's code as an AppErrorCode (a foreign one reads as a closed connection). */
export function appErrorCode(code: string): AppErrorCode {
  return CODES.get(code) ?? AppErrorCode.McpClosed;
}

/**
 * Resolves once the supervisor is ready; rejects as soon as its start has failed (an error, a
 * retry pending, a sign-in needed, stopped), or when `signal` aborts. Listens to its status
 * changes; nothing is polled.
 */
export function whenSettled(supervisor: ServerSupervisor, signal?: AbortSignal): Promise<void> {
  const name = supervisor.config.name;
  return new Promise<void>((resolve, reject) => {
    const check = (): boolean => {
      const status = supervisor.status;
      switch (status.kind) {
        case 'ready':
          done();
          resolve();
          return true;
        case 'starting':
          return false;
        case 'error':
        case 'restarting': {
          const failure = status.kind === 'error' ? status.failure : status.lastFailure;
          done();
          reject(
            new AppError(
              appErrorCode(failure.code),
              hostText('onDemand.startFailed', { name, reason: failure.text }),
              { failure },
            ),
          );
          return true;
        }
        case 'needs-sign-in':
          done();
          reject(
            new AppError(AppErrorCode.McpAuthRequired, hostText('onDemand.signInFirst', { name })),
          );
          return true;
        default:
          done();
          reject(new AppError(AppErrorCode.McpClosed, hostText('onDemand.stopped', { name })));
          return true;
      }
    };
    const onAbort = (): void => {
      done();
      reject(new AppError(AppErrorCode.Cancelled, hostText('tasks.stoppedWaiting')));
    };
    const off = supervisor.onDidChangeStatus(() => void check());
    const done = (): void => {
      off();
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    check();
  });
}
