import { z } from 'zod';
import {
  eventCardSchema,
  eventSubscriptionViewSchema,
  eventTypeViewSchema,
  subscribeInputSchema,
} from '../domain/mcpEvents';
import type { EventDef, RequestDef } from './contract';
import type { EventsEventName, EventsRequestName } from './eventsNames';

/**
 * The MCP Events part of the contract (spread into contract.ts): event types, the person's
 * subscriptions, and the events received as cards with an unseen count.
 */
const id = z.string().min(1).max(200);

export const eventsRequests = {
  'events.listTypes': {
    input: z.object({ server: id }).strict(),
    output: z.object({ types: z.array(eventTypeViewSchema) }),
    description:
      "A server's event types (events/list) with their delivery modes and schemas; empty when it declares no Events support. Starts the server if it is stopped.",
  },
  'events.subscribe': {
    input: subscribeInputSchema,
    output: eventSubscriptionViewSchema,
    description:
      'Subscribes a conversation to an event type with its arguments (checked against the input schema): push when offered, poll otherwise; show each event, or also start a turn with the prompt template.',
  },
  'events.unsubscribe': {
    input: z.object({ id }).strict(),
    output: z.object({}).strict(),
    description:
      'Ends a subscription (the push stream is cancelled, polling stops); its cards stay.',
  },
  'events.listSubscriptions': {
    input: z.object({ conversationId: id.optional() }).strict(),
    output: z.object({ subscriptions: z.array(eventSubscriptionViewSchema) }),
    description: 'The subscriptions, all or one conversation’s.',
  },
  'events.listCards': {
    input: z.object({ conversationId: id.optional() }).strict(),
    output: z.object({ cards: z.array(eventCardSchema), unseen: z.number() }),
    description:
      'Events received (one conversation’s, or all), oldest first, and how many of all are unseen.',
  },
  'events.markSeen': {
    input: z.object({ conversationId: id }).strict(),
    output: z.object({ unseen: z.number() }),
    description: 'Marks a conversation’s events seen; answers how many remain unseen overall.',
  },
} as const satisfies Record<EventsRequestName, RequestDef>;

export const eventsEvents = {
  'events.received': {
    payload: z.object({ card: eventCardSchema, unseen: z.number() }),
    description: 'An event (or a gap) arrived for a subscription.',
  },
  'events.subscriptionsChanged': {
    payload: z.object({ subscriptions: z.array(eventSubscriptionViewSchema) }),
    description: 'A subscription was added, removed, or changed state.',
  },
  'events.seenChanged': {
    payload: z.object({ conversationId: id, unseen: z.number() }),
    description: 'A conversation’s events were marked seen.',
  },
} as const satisfies Record<EventsEventName, EventDef>;
