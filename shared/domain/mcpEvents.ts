import { z } from 'zod';

/**
 * The MCP Events extension as the host shows it: event types a server offers, the person's
 * subscriptions (owned and stored by the host), and the events received, as cards.
 */

export const eventDeliverySchema = z.enum(['poll', 'push', 'webhook']);

export const eventTypeViewSchema = z.object({
  server: z.string(),
  name: z.string(),
  description: z.string().optional(),
  delivery: z.array(eventDeliverySchema),
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  payloadSchema: z.record(z.string(), z.unknown()).optional(),
});
export type EventTypeView = z.infer<typeof eventTypeViewSchema>;

/** What a subscription does with an event: show it, or also start a model turn with it. */
export const eventActionSchema = z.enum(['show', 'turn']);
export type EventAction = z.infer<typeof eventActionSchema>;

/**
 * Where a subscription stands. `waiting`: its server is not up; `failing`: delivery fails and
 * is retried with backoff; `ended`: the server ended it (e.g. access revoked).
 */
export const subscriptionStateSchema = z.enum(['active', 'waiting', 'failing', 'ended']);

export const eventSubscriptionViewSchema = z.object({
  id: z.string(),
  server: z.string(),
  type: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  conversationId: z.string(),
  action: eventActionSchema,
  template: z.string().optional(),
  mode: z.enum(['poll', 'push']),
  state: subscriptionStateSchema,
  /** Why it is failing or ended, as the host said it (plain text). */
  note: z.string().optional(),
  createdAt: z.number(),
});
export type EventSubscriptionView = z.infer<typeof eventSubscriptionViewSchema>;

/** One event as a card: the payload as data (pretty JSON text, never rendered as markup). */
export const eventCardSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  conversationId: z.string(),
  server: z.string(),
  type: z.string(),
  /** `gap`: events were skipped (the server could not replay from the stored cursor). */
  kind: z.enum(['event', 'gap']),
  eventId: z.string().optional(),
  timestamp: z.string().optional(),
  receivedAt: z.number(),
  payload: z.string().optional(),
  payloadBytes: z.number().optional(),
  /** Problems against the type's payload schema; such an event starts no turn. */
  problems: z.array(z.string()).optional(),
  /** A turn was started with it. */
  startedTurn: z.boolean().optional(),
  seen: z.boolean(),
});
export type EventCard = z.infer<typeof eventCardSchema>;

/** What the person fills in to subscribe a conversation. */
export const subscribeInputSchema = z
  .object({
    server: z.string().min(1).max(200),
    type: z.string().min(1).max(200),
    arguments: z.record(z.string(), z.unknown()).default({}),
    conversationId: z.string().min(1).max(200),
    action: eventActionSchema,
    template: z.string().max(20_000).optional(),
  })
  .strict();
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;
