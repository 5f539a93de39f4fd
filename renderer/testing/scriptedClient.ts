import { events, requests, type EventPayload } from '../../shared/ipc/contract';
import type { EventName, RequestName } from '../../shared/ipc/names';
import type { HostClient } from '../host/HostClient';

/**
 * Thrown when a script answers (or emits) what main could never send: the contract's schemas
 * decide, so a store test cannot pass against a shape main does not produce.
 */
export class ContractDrift extends Error {
  override name = 'ContractDrift';
}

/**
 * Every drift seen since the last check. A store may catch the rejection and show an error
 * state the test never looks at, so the test setup fails the test from here as well.
 */
export const contractDrifts: ContractDrift[] = [];

function checked<T>(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  what: string,
  value: T,
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = (result.error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    const detail = (issues ?? [])
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    const drift = new ContractDrift(`${what} does not match the contract: ${detail}`);
    contractDrifts.push(drift);
    throw drift;
  }
  return value;
}

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
        checked(requests[name].input, `The request ${name}`, input);
        return Promise.resolve(script(name, input)).then((answer) =>
          checked(requests[name].output, `The scripted answer to ${name}`, answer),
        );
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
    checked(events[name].payload, `The scripted event ${name}`, payload);
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
