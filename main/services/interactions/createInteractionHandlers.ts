import { AppError, AppErrorCode } from '../../../shared/errors';
import type { RequestHandlers } from '../../../shared/ipc/contract';

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

const notYet = (): never => {
  throw new AppError(AppErrorCode.Internal, 'Not implemented yet');
};

/** The contract's interaction and roots handlers (placeholder until the broker lands). */
export function createInteractionHandlers(): Pick<RequestHandlers, InteractionRequest> {
  return {
    'interactions.pending': () => ({ interactions: [] }),
    'interactions.respondSampling': notYet,
    'interactions.respondElicitation': notYet,
    'interactions.respondUrl': notYet,
    'interactions.getPolicies': () => ({ policies: {} }),
    'interactions.setPolicy': notYet,
    'roots.list': () => ({ roots: [], canPick: false }),
    'roots.add': notYet,
    'roots.pick': notYet,
    'roots.remove': notYet,
  };
}
