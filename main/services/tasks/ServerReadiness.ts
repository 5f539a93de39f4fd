import type { ServerRegistry } from '../mcp/ServerRegistry';

/**
 * Resolves once the named server is ready (now, or after a start, restart, reconnect or a
 * config change adds it), or rejects with the signal's reason. Nothing is polled: it listens to
 * the registry and to the current supervisor's status.
 */
export function whenServerReady(
  registry: Pick<ServerRegistry, 'get' | 'onDidChange'>,
  name: string,
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const cleanups: (() => void)[] = [];
    let watching: unknown;
    const done = (error?: unknown): void => {
      for (const cleanup of cleanups.splice(0)) cleanup();
      signal.removeEventListener('abort', onAbort);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error('Stopped waiting for the server'));
    };
    const onAbort = (): void => done(signal.reason ?? new Error('aborted'));
    const check = (): void => {
      const supervisor = registry.get(name);
      if (supervisor?.status.kind === 'ready') return done();
      if (supervisor && supervisor !== watching) {
        watching = supervisor;
        cleanups.push(supervisor.onDidChangeStatus(check));
      }
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    cleanups.push(registry.onDidChange(check));
    check();
  });
}
