import type { SchemaChange } from '../../../shared/domain/approvals';
import { formatJsonPath, type JsonPathSegment } from '../config/formatJsonPath';
import { canonicalJson, isPlainObject } from './canonicalJson';

/** Shown for a change of the whole value (a path has no segments). */
export const ROOT_PATH = '(root)';

/**
 * The differences between two JSON values as added / removed / changed paths, in document order
 * (keys sorted, so the list is stable). Objects are compared key by key and arrays index by
 * index; anything else, or a change of kind (object → array), is one `changed` leaf.
 */
export function diffJson(before: unknown, after: unknown): SchemaChange[] {
  const changes: SchemaChange[] = [];
  walk(before, after, [], changes);
  return changes;
}

function walk(before: unknown, after: unknown, path: JsonPathSegment[], out: SchemaChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const inBefore = Object.hasOwn(before, key) && before[key] !== undefined;
      const inAfter = Object.hasOwn(after, key) && after[key] !== undefined;
      const at = [...path, key];
      if (inBefore && !inAfter) out.push({ path: show(at), kind: 'removed', before: before[key] });
      else if (!inBefore && inAfter) out.push({ path: show(at), kind: 'added', after: after[key] });
      else if (inBefore && inAfter) walk(before[key], after[key], at, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    for (let i = 0; i < length; i++) {
      const at = [...path, i];
      if (i >= after.length) out.push({ path: show(at), kind: 'removed', before: before[i] });
      else if (i >= before.length) out.push({ path: show(at), kind: 'added', after: after[i] });
      else walk(before[i], after[i], at, out);
    }
    return;
  }
  if (canonicalJson(before) !== canonicalJson(after)) {
    out.push({ path: show(path), kind: 'changed', before, after });
  }
}

function show(path: readonly JsonPathSegment[]): string {
  return path.length === 0 ? ROOT_PATH : formatJsonPath(path);
}
