import type { EventPayload } from '../../shared/ipc/contract';
import type { EventName } from '../../shared/ipc/names';

export type HostEventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

/** Typed fan-out of contract events to every attached shell (Electron windows, web sockets). */
export class HostEvents {
  private readonly listeners = new Set<HostEventListener>();

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // One broken sink must not stop the others.
      }
    }
  }

  subscribe(listener: HostEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
