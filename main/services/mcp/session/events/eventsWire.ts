import { z } from 'zod';

/**
 * Wire shapes of the MCP Events extension (SEP-3415, `io.modelcontextprotocol/events`) as the
 * host reads them, and the same methods as deployed servers written against the design sketch
 * speak them (top-level `capabilities.events`, 2025-11-25 `initialize`, codes -32011…-32015).
 * Schemas are lenient where the two differ (`resultType` absent, `cursor` absent = null) and
 * strict where the host depends on a field (ids, names, `data` an object).
 */

/** The extension id (SEP-3415). */
export const EVENTS_EXTENSION = 'io.modelcontextprotocol/events';
/** Where every `notifications/events/*` names its stream: the `events/stream` request's id. */
export const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

export const EventsMethod = {
  list: 'events/list',
  poll: 'events/poll',
  stream: 'events/stream',
} as const;

export const EventsNotification = {
  active: 'notifications/events/active',
  event: 'notifications/events/event',
  heartbeat: 'notifications/events/heartbeat',
  error: 'notifications/events/error',
  terminated: 'notifications/events/terminated',
  listChanged: 'notifications/events/list_changed',
} as const;

/** Delivery modes an event type may list. */
export const deliveryModeSchema = z.enum(['poll', 'push', 'webhook']);
export type DeliveryMode = z.infer<typeof deliveryModeSchema>;

const jsonObject = z.record(z.string(), z.unknown());

/** One event type from `events/list`; unknown delivery modes are dropped, not fatal. */
export const eventTypeSchema = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(10_000).optional(),
  delivery: z
    .array(z.string())
    .transform((modes) =>
      modes.filter((m): m is DeliveryMode => deliveryModeSchema.safeParse(m).success),
    ),
  inputSchema: jsonObject.optional(),
  payloadSchema: jsonObject.optional(),
});
export type EventTypeWire = z.infer<typeof eventTypeSchema>;

export const listEventsResultSchema = z.object({
  events: z.array(z.unknown()),
  nextCursor: z.string().optional(),
});

/** A cursor as sent: absent and `null` mean the same (SEP: "Absent means null"). */
const cursor = z
  .string()
  .max(4096)
  .nullable()
  .optional()
  .transform((c) => c ?? null);

/** One delivered occurrence. `data` must be an object; anything else is refused by the caller. */
export const occurrenceSchema = z.object({
  eventId: z.string().min(1).max(512),
  name: z.string().min(1).max(200),
  timestamp: z.string().max(100),
  data: z.unknown(),
  cursor,
});
export type OccurrenceWire = z.infer<typeof occurrenceSchema>;

export const pollResultSchema = z.object({
  events: z.array(z.unknown()),
  cursor,
  truncated: z.boolean().optional().default(false),
  hasMore: z.boolean().optional().default(false),
  nextPollMs: z.number().nonnegative().optional(),
});
export type PollResultWire = z.infer<typeof pollResultSchema>;

const errorObject = z.object({
  code: z.number().int(),
  message: z.string().max(10_000),
  data: z.unknown().optional(),
});

export const activeParamsSchema = z.object({
  cursor,
  truncated: z.boolean().optional().default(false),
});
export const heartbeatParamsSchema = z.object({ cursor });
export const errorParamsSchema = z.object({ error: errorObject });

/** Poll and stream request parameters (one subscription each). */
export interface SubscriptionRequest {
  name: string;
  arguments: Record<string, unknown>;
  /** `null` = start from now. Never a cursor the server said was `null`. */
  cursor: string | null;
  maxAgeMs?: number;
  maxEvents?: number;
}

/**
 * The extension's error codes by name. SEP-3415 provisionally takes -32023…-32027; servers
 * written against the design sketch send -32011…-32015 in the same order. Both are read.
 */
export type EventsErrorName =
  | 'NotFound'
  | 'Forbidden'
  | 'ResourceExhausted'
  | 'Unsupported'
  | 'CallbackEndpointError'
  | 'InvalidParams'
  | 'MethodNotFound';

const CODES: Record<number, EventsErrorName> = {
  [-32023]: 'NotFound',
  [-32024]: 'Forbidden',
  [-32025]: 'ResourceExhausted',
  [-32026]: 'Unsupported',
  [-32027]: 'CallbackEndpointError',
  [-32011]: 'NotFound',
  [-32012]: 'Forbidden',
  [-32013]: 'ResourceExhausted',
  [-32014]: 'Unsupported',
  [-32015]: 'CallbackEndpointError',
  [-32602]: 'InvalidParams',
  [-32601]: 'MethodNotFound',
};

/** The name of an events error code, or `undefined` for a code this extension does not define. */
export function eventsErrorName(code: number): EventsErrorName | undefined {
  return CODES[code];
}

/**
 * Whether a subscription that ended with `code` is worth opening again after `events/list`:
 * NotFound and Unsupported mean "rediscover and resubscribe", Forbidden means stop.
 */
export function isRediscoverable(code: number): boolean {
  const name = eventsErrorName(code);
  return name === 'NotFound' || name === 'Unsupported';
}
