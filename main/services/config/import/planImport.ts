import type { ServerEntry } from '../ServerEntry';

/** A server that can be added under its own name. */
export interface PlannedServer {
  name: string;
  entry: ServerEntry;
}

/** A server whose name is taken: it is never added under that name without a decision. */
export interface ImportConflict {
  name: string;
  /** A free name (`name-2`, `name-3`, …) unique across existing, imported and suggested names. */
  suggestedName: string;
  entry: ServerEntry;
}

/** What an import would do, for the person to confirm. */
export interface ImportPlan {
  add: PlannedServer[];
  conflicts: ImportConflict[];
}

/** Splits imported servers into those that can be added and those whose names are taken. */
export function planImport(
  existingNames: Iterable<string>,
  imported: Readonly<Record<string, ServerEntry>>,
): ImportPlan {
  const existing = new Set(existingNames);
  // Suggestions must not collide with each other or with any incoming name either.
  const taken = new Set([...existing, ...Object.keys(imported)]);
  const plan: ImportPlan = { add: [], conflicts: [] };
  for (const [name, entry] of Object.entries(imported)) {
    if (!existing.has(name)) {
      plan.add.push({ name, entry });
      continue;
    }
    const suggestedName = suggestUniqueName(name, taken);
    taken.add(suggestedName);
    plan.conflicts.push({ name, suggestedName, entry });
  }
  return plan;
}

/** `name-2`, `name-3`, … : the first that is not in `taken`. */
export function suggestUniqueName(name: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${name}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The servers to add once the person has decided: everything in `plan.add`, plus each
 * conflict under the name chosen for it (`renames[name]`; the suggestion when `'suggested'`).
 * A conflict with no decision is skipped, never overwritten.
 */
export function acceptImportPlan(
  plan: ImportPlan,
  renames: Readonly<Record<string, string>> | 'suggested' = {},
): Record<string, ServerEntry> {
  const out: Record<string, ServerEntry> = {};
  for (const { name, entry } of plan.add) out[name] = entry;
  for (const conflict of plan.conflicts) {
    const name =
      renames === 'suggested'
        ? conflict.suggestedName
        : Object.hasOwn(renames, conflict.name)
          ? renames[conflict.name]
          : undefined;
    if (name !== undefined && name !== '') out[name] = conflict.entry;
  }
  return out;
}
