import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { InteractionServices } from './createInteractionServices';

type InteractionRequest =
  | 'interactions.pending'
  | 'interactions.respondSampling'
  | 'interactions.respondElicitation'
  | 'interactions.respondUrl'
  | 'interactions.getPolicies'
  | 'interactions.setPolicy'
  | 'roots.list'
  | 'roots.add'
  | 'roots.pick'
  | 'roots.remove';

/** The contract's interaction and roots handlers. */
export function createInteractionHandlers({
  broker,
  roots,
  policies,
}: Pick<InteractionServices, 'broker' | 'roots' | 'policies'>): Pick<
  RequestHandlers,
  InteractionRequest
> {
  return {
    'interactions.pending': () => ({ interactions: broker.pending() }),
    'interactions.respondSampling': ({ id, decision }) => {
      broker.respondSampling(id, decision);
      return {};
    },
    'interactions.respondElicitation': ({ id, response }) => {
      broker.respondElicitation(id, response);
      return {};
    },
    'interactions.respondUrl': async ({ id, action }) => {
      await broker.respondUrl(id, action);
      return {};
    },
    'interactions.getPolicies': () => ({ policies: policies.all() }),
    'interactions.setPolicy': async ({ server, policy }) => ({
      policies: await policies.set(server, policy),
    }),
    'roots.list': async () => ({ roots: await roots.list(), canPick: roots.canPick }),
    'roots.add': async ({ path }) => ({ roots: await roots.add(path) }),
    'roots.pick': async () => ({ roots: await roots.pick() }),
    'roots.remove': async ({ path }) => ({ roots: await roots.remove(path) }),
  };
}
