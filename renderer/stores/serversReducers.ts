import type { ServerDetail, ServerView, ToolView } from '../../shared/domain/mcpViews';
import type { ServerStatus } from '../../shared/domain/serverStatus';

/** How many log lines and traffic entries the renderer keeps per server. */
export const STREAM_LIMIT = 5000;

/**
 * Merges entries into an ordered, de-duplicated list bounded to the last `limit`.
 * Live events and a `getLogs` answer can overlap or arrive out of order around a
 * (re)load, so the sequence number decides, not arrival order.
 */
export function mergeBySeq<T extends { seq: number }>(
  existing: readonly T[],
  incoming: readonly T[],
  limit = STREAM_LIMIT,
): T[] {
  if (incoming.length === 0) return existing as T[];
  const last = existing.at(-1);
  const first = incoming[0];
  // The common case: a live batch that simply follows what we have.
  if (first && (!last || first.seq > last.seq) && isAscending(incoming)) {
    const joined = existing.concat(incoming);
    return joined.length > limit ? joined.slice(joined.length - limit) : joined;
  }
  const bySeq = new Map<number, T>();
  for (const entry of existing) bySeq.set(entry.seq, entry);
  for (const entry of incoming) bySeq.set(entry.seq, entry);
  const merged = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

function isAscending(entries: readonly { seq: number }[]): boolean {
  for (let i = 1; i < entries.length; i++) {
    if ((entries[i]?.seq ?? 0) <= (entries[i - 1]?.seq ?? 0)) return false;
  }
  return true;
}

/** Replaces one server in the list by name (or appends it if main knows a new one). */
export function replaceServer(list: readonly ServerView[], view: ServerView): ServerView[] {
  const index = list.findIndex((s) => s.name === view.name);
  if (index === -1) return [...list, view];
  const next = [...list];
  next[index] = view;
  return next;
}

/** Replaces one tool inside a server's detail after main acknowledged a change. */
export function replaceTool(detail: ServerDetail, tool: ToolView): ServerDetail {
  return { ...detail, tools: detail.tools.map((t) => (t.name === tool.name ? tool : t)) };
}

/**
 * A fingerprint of what a detail snapshot depends on: a new session (kind or `since`),
 * another tool count, a new failure. Progress text while starting does not count, so a
 * chatty install does not refetch the detail on every line.
 */
export function detailFingerprint(status: ServerStatus): string {
  switch (status.kind) {
    case 'ready':
      return `ready:${status.since}:${status.toolCount}`;
    case 'starting':
      return `starting:${status.since}`;
    case 'error':
      return `error:${status.failure.at}`;
    case 'restarting':
      return `restarting:${status.lastFailure.at}`;
    case 'needs-sign-in':
      return `needs-sign-in:${status.since}`;
    default:
      return status.kind;
  }
}

/** Names of servers whose detail is stale after a list update. */
export function staleDetails(
  previous: readonly ServerView[],
  next: readonly ServerView[],
  loaded: Iterable<string>,
): string[] {
  const before = new Map(previous.map((s) => [s.name, detailFingerprint(s.status)]));
  const after = new Map(next.map((s) => [s.name, detailFingerprint(s.status)]));
  return [...loaded].filter((name) => after.has(name) && after.get(name) !== before.get(name));
}

const SEPARATOR = '\u0000';

/** Key of a per-server, per-item entry (a tool run, a prompt result). */
export function itemKey(server: string, item: string): string {
  return `${server}${SEPARATOR}${item}`;
}

/**
 * Drops entries of servers that are no longer configured. Keys are server names or
 * `itemKey`s; the record is returned as is when nothing was dropped, so selectors stay stable.
 */
export function pruneRecord<T>(
  record: Record<string, T>,
  keep: ReadonlySet<string>,
): Record<string, T> {
  let changed = false;
  const next: Record<string, T> = {};
  for (const [key, value] of Object.entries(record)) {
    if (keep.has(key.split(SEPARATOR)[0] ?? key)) next[key] = value;
    else changed = true;
  }
  return changed ? next : record;
}

/** The record without one key (the same object when the key is absent). */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
