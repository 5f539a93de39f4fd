import type { EventPayload, RequestInput, RequestOutput } from '../../shared/ipc/contract';
import { unwrap } from '../../shared/ipc/envelope';
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
      return unwrap(await bridge.invoke(name, input)) as RequestOutput<typeof name>;
    },
    on(name, callback) {
      return bridge.on(name, (payload) => callback(payload as EventPayload<typeof name>));
    },
  };
}
