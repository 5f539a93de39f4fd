import type { EventPayload } from '../../../shared/ipc/contract';
import type { EventName } from '../../../shared/ipc/names';

export type HostEventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Typed fan-out of contract events to every attached shell (Electron windows, web sockets). */
export class HostEvents {
  private readonly listeners = new Set<HostEventListener>();

  /** `onListenerError` hears of a sink that threw (logged by the host core). */
  constructor(private readonly onListenerError?: (error: unknown, name: EventName) => void) {}

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        // One broken sink must not stop the others, nor go unseen.
        try {
          this.onListenerError?.(error, name);
        } catch {
          // Reporting must not break delivery either.
        }
      }
    }
  }

  subscribe(listener: HostEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
