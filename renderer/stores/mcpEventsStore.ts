import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  EventCard,
  EventSubscriptionView,
  EventTypeView,
  SubscribeInput,
} from '../../shared/domain/mcpEvents';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type Loadable } from './loadable';

/** The events store's state and actions. */
export interface EventsState {
  /** Every event card main kept, oldest first. */
  cards: EventCard[];
  /** How many cards are unseen, across conversations. */
  unseen: number;
  subscriptions: EventSubscriptionView[];
  /** Each server's event types, once someone looked. */
  types: Record<string, Loadable<EventTypeView[]>>;
  /** Reads cards and subscriptions from main (once a view that shows them mounts). */
  load: () => Promise<void>;
  /** Whether {@link load} ran. */
  loaded: boolean;
  loadTypes: (server: string) => Promise<void>;
  subscribe: (input: SubscribeInput) => Promise<ActionResult>;
  unsubscribe: (id: string) => Promise<ActionResult>;
  markSeen: (conversationId: string) => Promise<void>;
  resync: () => Promise<void>;
}

export type EventsStore = StoreApi<EventsState>;

/** MCP Events: a projection of main's subscriptions and cards, kept current by its events. */
export function createEventsStore(client: HostClient): EventsStore {
  const store = createStore<EventsState>()((set, get) => ({
    cards: [],
    unseen: 0,
    subscriptions: [],
    types: {},
    loaded: false,
    load: async () => {
      set({ loaded: true });
      try {
        const [{ cards, unseen }, { subscriptions }] = await Promise.all([
          client.invoke('events.listCards', {}),
          client.invoke('events.listSubscriptions', {}),
        ]);
        set({ cards, unseen, subscriptions });
      } catch {
        // Nothing to show yet; the next event or reconnect tries again.
      }
    },
    loadTypes: async (server) => {
      set((s) => ({ types: { ...s.types, [server]: { state: 'loading' } } }));
      try {
        const { types } = await client.invoke('events.listTypes', { server });
        set((s) => ({ types: { ...s.types, [server]: { state: 'ready', value: types } } }));
      } catch (error) {
        set((s) => ({
          types: { ...s.types, [server]: { state: 'failed', error: errorInfo(error) } },
        }));
      }
    },
    subscribe: async (input) => {
      try {
        await client.invoke('events.subscribe', input);
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      }
    },
    unsubscribe: async (id) => {
      try {
        await client.invoke('events.unsubscribe', { id });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      }
    },
    markSeen: async (conversationId) => {
      if (!get().cards.some((c) => c.conversationId === conversationId && !c.seen)) return;
      try {
        const { unseen } = await client.invoke('events.markSeen', { conversationId });
        set((s) => ({ unseen, cards: seenIn(s.cards, conversationId) }));
      } catch {
        // Stays unseen; the badge says so.
      }
    },
    resync: () => (get().loaded ? get().load() : Promise.resolve()),
  }));
  client.on('events.received', ({ card, unseen }) => {
    store.setState((s) => ({
      cards: s.cards.some((c) => c.id === card.id) ? s.cards : [...s.cards, card],
      unseen,
    }));
  });
  client.on('events.subscriptionsChanged', ({ subscriptions }) =>
    store.setState({ subscriptions }),
  );
  client.on('events.seenChanged', ({ conversationId, unseen }) => {
    store.setState((s) => ({ unseen, cards: seenIn(s.cards, conversationId) }));
  });
  return store;
}

function seenIn(cards: EventCard[], conversationId: string): EventCard[] {
  return cards.map((c) =>
    c.conversationId === conversationId && !c.seen ? { ...c, seen: true } : c,
  );
}
