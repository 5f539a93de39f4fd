import type { Logger } from './Logger';

/**
 * Keeps a shell alive through a stray promise rejection (a bug somewhere, never a reason to drop
 * every window and server): it is logged with its stack instead. Uncaught exceptions are logged
 * too but keep their default, since the process state after one is unknown.
 */
export function installProcessGuards(
  target: NodeJS.EventEmitter,
  log: Pick<Logger, 'error'>,
): () => void {
  const onRejection = (reason: unknown): void => {
    try {
      log.error('unhandled promise rejection', { error: reason });
    } catch {
      // The logger itself failing must not turn a logged rejection into a crash.
    }
  };
  const onException = (error: unknown, origin: string): void => {
    try {
      log.error('uncaught exception', { error, origin });
    } catch {
      // As above.
    }
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtExceptionMonitor', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtExceptionMonitor', onException);
  };
}
