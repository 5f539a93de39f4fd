import diff from 'microdiff';
import type { FieldChange } from '../../../shared/domain/registryReview';
import type { ServerJson } from './serverJson';

/** The most changes a diff lists; the rest are summed up by the caller's "…". */
const MAX_CHANGES = 200;
/** How much of one value a change shows. */
const MAX_VALUE_CHARS = 300;

/**
 * The fields that differ between two JSON documents, each with its path
 * (`packages[0].runtimeHint`) and its values before and after as JSON text.
 */
export function documentChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isContainer(before) || !isContainer(after)) {
    return before === after ? [] : [{ path: '(document)', ...values(before, after) }];
  }
  return diff(before, after)
    .slice(0, MAX_CHANGES)
    .map((change) => ({
      path: pathText(change.path),
      ...(change.type !== 'CREATE' ? { before: json(change.oldValue) } : {}),
      ...(change.type !== 'REMOVE' ? { after: json(change.value) } : {}),
    }));
}

/**
 * What changes what runs between the listing the person saw and a version document: its
 * packages and remotes (descriptions and titles are not compared).
 */
export function runChanges(listing: ServerJson, version: ServerJson): FieldChange[] {
  const runs = (s: ServerJson) => ({ packages: s.packages ?? [], remotes: s.remotes ?? [] });
  return documentChanges(runs(listing), runs(version));
}

/** Changes as one line each: `path: before → after` (`(none)` for a side without the field). */
export function formatChanges(changes: readonly FieldChange[]): string {
  return changes
    .map((c) => `${c.path}: ${c.before ?? '(none)'} → ${c.after ?? '(none)'}`)
    .join('; ');
}

function pathText(path: readonly (string | number)[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number'
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `${i === 0 ? '' : '.'}${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join('');
}

function values(before: unknown, after: unknown): Omit<FieldChange, 'path'> {
  return {
    ...(before !== undefined ? { before: json(before) } : {}),
    ...(after !== undefined ? { after: json(after) } : {}),
  };
}

function json(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}
