import type { Node } from 'jsonc-parser';
import { hostText } from '../../../shared/text/hostText';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import {
  readProperties,
  report,
  type PropertyNodes,
  type ValidationContext,
} from './ValidationContext';

/**
 * Reads an object's known fields with `readField` (undefined: it reported why the value is
 * not acceptable); an unknown key is kept in the file and reported as a warning. Returns the
 * values read, whether every known field was acceptable, and the property nodes (to point at).
 */
export function readKnownFields<K extends string>(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  known: readonly K[],
  readField: (key: K, value: Node, path: readonly JsonPathSegment[]) => unknown,
): { values: Partial<Record<K, unknown>>; ok: boolean; props: Map<string, PropertyNodes> } {
  const where = formatJsonPath(path);
  const props = readProperties(ctx, node, path);
  const values: Partial<Record<K, unknown>> = {};
  let ok = true;
  for (const [key, property] of props) {
    const at = [...path, key];
    if (!(known as readonly string[]).includes(key)) {
      report(
        ctx,
        property.key,
        'warning',
        'unknown-key',
        at,
        hostText('config.unknownOAuthKey', { key, path: where, known: known.join(', ') }),
      );
      continue;
    }
    const value = readField(key as K, property.value, at);
    if (value === undefined) ok = false;
    else values[key as K] = value;
  }
  return { values, ok, props };
}
