import type { EventPayload, RequestInput, RequestOutput } from '../../shared/ipc/contract';
import type { EventName, RequestName } from '../../shared/ipc/names';
import type { HostBridge } from './HostBridge';

/** Typed client over `window.host`: throws AppError on the error branch. */
export interface HostClient {
  invoke<N extends RequestName>(name: N, input: RequestInput<N>): Promise<RequestOutput<N>>;
  on<N extends EventName>(name: N, callback: (payload: EventPayload<N>) => void): () => void;
}

export function createHostClient(bridge: HostBridge): HostClient {
  return {
    async invoke(name, input) {
      const envelope = await bridge.invoke(name, input);
      if (isSuccess(envelope)) return envelope.value as RequestOutput<typeof name>;
      // An error's text is checked with a schema, loaded with the first error: the window's
      // start-up builds none.
      const { unwrap } = await import('../../shared/ipc/unwrap');
      return unwrap(envelope) as RequestOutput<typeof name>;
    },
    on(name, callback) {
      return bridge.on(name, (payload) => callback(payload as EventPayload<typeof name>));
    },
  };
}

/** The success branch of an envelope (`unwrap` reads it the same way). */
function isSuccess(envelope: unknown): envelope is { ok: true; value: unknown } {
  return (
    typeof envelope === 'object' && envelope !== null && 'ok' in envelope && envelope.ok === true
  );
}
