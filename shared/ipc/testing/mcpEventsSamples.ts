import type { EventCard, EventSubscriptionView } from '../../domain/mcpEvents';

/** A representative subscription and card, for the contract's round-trip test. */
export const subscriptionSample: EventSubscriptionView = {
  id: 's1',
  server: 'ci',
  type: 'build.finished',
  arguments: { branch: 'main' },
  conversationId: 'c1',
  action: 'turn',
  template: 'Deploy if it passed: {{event}}',
  mode: 'push',
  state: 'active',
  createdAt: 1,
};

export const cardSample: EventCard = {
  id: 'k1',
  subscriptionId: 's1',
  conversationId: 'c1',
  server: 'ci',
  type: 'build.finished',
  kind: 'event',
  eventId: 'evt-1',
  timestamp: '2026-10-05T10:00:00Z',
  receivedAt: 2,
  payload: '{\n  "branch": "main"\n}',
  payloadBytes: 22,
  seen: false,
};

/** Input and output samples of every events request. */
export const mcpEventsSamples: Record<string, { input: unknown; output: unknown }> = {
  'events.listTypes': {
    input: { server: 'ci' },
    output: {
      types: [
        {
          server: 'ci',
          name: 'build.finished',
          delivery: ['push', 'poll'],
          inputSchema: { type: 'object' },
          payloadSchema: { type: 'object' },
        },
      ],
    },
  },
  'events.subscribe': {
    input: {
      server: 'ci',
      type: 'build.finished',
      arguments: { branch: 'main' },
      conversationId: 'c1',
      action: 'turn',
      template: 'Deploy if it passed: {{event}}',
    },
    output: subscriptionSample,
  },
  'events.unsubscribe': { input: { id: 's1' }, output: {} },
  'events.listSubscriptions': { input: {}, output: { subscriptions: [subscriptionSample] } },
  'events.listCards': {
    input: { conversationId: 'c1' },
    output: { cards: [cardSample], unseen: 1 },
  },
  'events.markSeen': { input: { conversationId: 'c1' }, output: { unseen: 0 } },
};
