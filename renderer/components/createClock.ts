import { useSyncExternalStore } from 'react';

/**
 * A shared clock hook ticking every `intervalMs` while any component uses it: one timer for
 * all its users, none when nobody listens.
 */
export function createClock(intervalMs: number): () => number {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    if (timer === undefined) {
      now = Date.now();
      timer = setInterval(() => {
        now = Date.now();
        for (const l of listeners) l();
      }, intervalMs);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  };
  const snapshot = (): number => now;
  return () => useSyncExternalStore(subscribe, snapshot);
}
