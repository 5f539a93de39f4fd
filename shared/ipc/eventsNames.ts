/** The MCP Events requests and events, as plain data (spread into names.ts). */
export const eventsRequestNames = [
  'events.listTypes',
  'events.subscribe',
  'events.unsubscribe',
  'events.listSubscriptions',
  'events.listCards',
  'events.markSeen',
] as const;

export const eventsEventNames = [
  'events.received',
  'events.subscriptionsChanged',
  'events.seenChanged',
] as const;

export type EventsRequestName = (typeof eventsRequestNames)[number];
export type EventsEventName = (typeof eventsEventNames)[number];
