import { EVENTS_EXTENSION } from './eventsWire';

/** How a server declared Events, read from its raw handshake capabilities. */
export interface EventsCapability {
  /** `extension`: SEP-3415's `extensions[...]`; `top-level`: the deployed `events` key. */
  declaredBy: ('extension' | 'top-level')[];
  /** The server sends `notifications/events/list_changed`. */
  listChanged: boolean;
}

/**
 * Events support as declared in `capabilities` (raw: the SDK drops the top-level key). Both
 * declarations count, in either protocol era: deployed servers answer the 2025 `initialize`
 * with a top-level `events`, and many declare both. `undefined` = not declared, so no
 * `events/*` request may be sent (a MUST in SEP-3415).
 */
export function eventsCapabilityOf(
  capabilities: Readonly<Record<string, unknown>> | undefined,
): EventsCapability | undefined {
  if (!capabilities) return undefined;
  const declaredBy: EventsCapability['declaredBy'] = [];
  let listChanged = false;
  const extensions = capabilities.extensions;
  const fromExtension = isRecord(extensions) ? extensions[EVENTS_EXTENSION] : undefined;
  if (isRecord(fromExtension)) {
    declaredBy.push('extension');
    listChanged ||= fromExtension.listChanged === true;
  }
  const topLevel = capabilities.events;
  if (isRecord(topLevel)) {
    declaredBy.push('top-level');
    listChanged ||= topLevel.listChanged === true;
  }
  return declaredBy.length > 0 ? { declaredBy, listChanged } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
