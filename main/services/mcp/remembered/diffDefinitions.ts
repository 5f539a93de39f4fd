/** A definition by its name and digest. */
export interface NamedDigest {
  name: string;
  digest: string;
}

/** How a server's live definitions differ from the ones remembered. */
export interface DefinitionChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** Names added, removed and changed (same name, other digest), each sorted. */
export function diffDefinitions(
  before: readonly NamedDigest[],
  after: readonly NamedDigest[],
): DefinitionChanges {
  const old = new Map(before.map((d) => [d.name, d.digest]));
  const now = new Map(after.map((d) => [d.name, d.digest]));
  const changes: DefinitionChanges = { added: [], removed: [], changed: [] };
  for (const [name, digest] of now) {
    const was = old.get(name);
    if (was === undefined) changes.added.push(name);
    else if (was !== digest) changes.changed.push(name);
  }
  for (const name of old.keys()) if (!now.has(name)) changes.removed.push(name);
  changes.added.sort();
  changes.removed.sort();
  changes.changed.sort();
  return changes;
}

/** True when nothing differs. */
export function noChanges(changes: DefinitionChanges): boolean {
  return !changes.added.length && !changes.removed.length && !changes.changed.length;
}
