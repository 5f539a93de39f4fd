import type { ServerConfig } from '../../../shared/domain/serverConfig';

/** A server present before and after a reload whose normalized config differs. */
export interface ServerChange {
  name: string;
  previous: ServerConfig;
  next: ServerConfig;
}

/** What a config reload means for running servers. */
export interface ServersDiff {
  /** In `next` only. */
  added: ServerConfig[];
  /** In `prev` only. */
  removed: ServerConfig[];
  /** In both, different: these restart (or stop/start when `disabled` flipped). */
  changed: ServerChange[];
  /** In both, deeply equal: these keep running untouched. */
  unchanged: ServerConfig[];
}

/**
 * Compares two configs by server name with deep equality of the normalized shape, so the
 * registry restarts only what actually changed. Key order in objects does not matter; order in
 * arrays (args) does. Results follow `next`'s order, then `prev`'s for removals.
 */
export function diffServers(
  prev: readonly ServerConfig[],
  next: readonly ServerConfig[],
): ServersDiff {
  const before = new Map(prev.map((server) => [server.name, server]));
  const after = new Set(next.map((server) => server.name));
  const diff: ServersDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const server of next) {
    const previous = before.get(server.name);
    if (!previous) diff.added.push(server);
    else if (sameServerConfig(previous, server)) diff.unchanged.push(server);
    else diff.changed.push({ name: server.name, previous, next: server });
  }
  for (const server of prev) if (!after.has(server.name)) diff.removed.push(server);
  return diff;
}

/** Deep equality of two normalized configs (an absent optional key equals `undefined`). */
export function sameServerConfig(a: ServerConfig, b: ServerConfig): boolean {
  return deepEqual(a, b);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!deepEqual(left[key], right[key])) return false;
  return true;
}
