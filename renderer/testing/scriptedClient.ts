import type { EventPayload } from '../../shared/ipc/contract';
import type { EventName, RequestName } from '../../shared/ipc/names';
import type { HostClient } from '../host/HostClient';

/** Answers a request, or throws to make it fail. */
export type Script = (name: RequestName, input: unknown) => unknown;

/**
 * A scripted host at the HostClient seam, for store tests: records every request, answers
 * from a script (sync values, promises, or throws), and replays events on demand.
 */
export function scriptedClient(script: Script) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: [RequestName, unknown][] = [];
  const client: HostClient = {
    invoke: ((name: RequestName, input: unknown) => {
      calls.push([name, input]);
      try {
        return Promise.resolve(script(name, input));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }) as HostClient['invoke'],
    on: ((name: string, callback: (payload: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      set.add(callback);
      listeners.set(name, set);
      return () => set.delete(callback);
    }) as HostClient['on'],
  };
  const emit = <N extends EventName>(name: N, payload: EventPayload<N>): void => {
    for (const listener of listeners.get(name) ?? []) listener(payload);
  };
  const callsOf = (name: RequestName): unknown[] =>
    calls.filter(([n]) => n === name).map(([, input]) => input);
  return { client, calls, callsOf, emit };
}

/** A promise the test resolves when it wants: for answers that arrive late or out of order. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
