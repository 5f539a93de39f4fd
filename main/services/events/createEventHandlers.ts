import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { EventsRequestName } from '../../../shared/ipc/eventsNames';
import type { EventsService } from './EventsService';

/** The contract's `events.*` handlers. */
export function createEventHandlers(
  events: EventsService,
): Pick<RequestHandlers, EventsRequestName> {
  return {
    'events.listTypes': async ({ server }) => ({ types: await events.listTypes(server) }),
    'events.subscribe': (input) => events.subscribe(input),
    'events.unsubscribe': async ({ id }) => {
      await events.unsubscribe(id);
      return {};
    },
    'events.listSubscriptions': ({ conversationId }) => ({
      subscriptions: events.subscriptions(conversationId),
    }),
    'events.listCards': ({ conversationId }) => ({
      cards: events.cardsFor(conversationId),
      unseen: events.unseen(),
    }),
    'events.markSeen': ({ conversationId }) => ({ unseen: events.markSeen(conversationId) }),
  };
}
