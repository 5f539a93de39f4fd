import type { Node } from 'jsonc-parser';
import type { ConfigProblem, ConfigProblemKind, ConfigProblemSeverity } from './ConfigProblem';
import type { TextPosition } from './createLineLocator';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import type { EnvLookup } from '../base/substituteEnv';
import type { ReferencePolicy } from '../secrets/referencePolicy';
import { formatHostText, hostText, type HostText } from '../../../shared/text/hostText';

/** What the schema walk over a parse tree needs: where to look things up and where to report. */
export interface ValidationContext {
  env: EnvLookup;
  locate: (offset: number) => TextPosition;
  problems: ConfigProblem[];
  /** While an entry from a third party is read: the references it may use. */
  references?: ReferencePolicy | undefined;
}

/** A property of a JSON object: its key node (for pointing at names) and its value node. */
export interface PropertyNodes {
  key: Node;
  value: Node;
}

/** Records a problem located at `node`. */
export function report(
  ctx: ValidationContext,
  node: Node,
  severity: ConfigProblemSeverity,
  kind: ConfigProblemKind,
  path: readonly JsonPathSegment[],
  text: HostText,
): void {
  const { line, column } = ctx.locate(node.offset);
  const problem: ConfigProblem = {
    severity,
    kind,
    message: formatHostText(text),
    text,
    line,
    column,
    offset: node.offset,
    length: node.length,
  };
  if (path.length > 0) problem.path = formatJsonPath(path);
  ctx.problems.push(problem);
}

/** Records a schema error at `node`; returns undefined, the verdict of a reader that found it. */
export function schemaError(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  text: HostText,
): undefined {
  report(ctx, node, 'error', 'schema', path, text);
  return undefined;
}

/** Number of errors recorded so far; compare before/after to know whether a part was valid. */
export function errorCount(ctx: ValidationContext): number {
  return ctx.problems.filter((p) => p.severity === 'error').length;
}

/**
 * The properties of an object node, by name. A repeated key is an error: JSON parsers silently
 * keep the last one, and the person would not know which of their two entries is in effect.
 */
export function readProperties(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): Map<string, PropertyNodes> {
  const properties = new Map<string, PropertyNodes>();
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key?.type !== 'string' || value === undefined) continue;
    const name = String(key.value);
    const first = properties.get(name);
    if (first) {
      const { line } = ctx.locate(first.key.offset);
      schemaError(
        ctx,
        key,
        [...path, name],
        hostText('config.twice', { path: formatJsonPath([...path, name]), line }),
      );
      continue;
    }
    properties.set(name, { key, value });
  }
  return properties;
}

/** "a string", "an array", … for messages like "must be a string, but it is a number". */
export function describeNode(node: Node): HostText {
  switch (node.type) {
    case 'object':
      return hostText('config.kinds.object');
    case 'array':
      return hostText('config.kinds.array');
    case 'string':
      return hostText('config.kinds.string');
    case 'number':
      return hostText('config.kinds.number');
    case 'boolean':
      return hostText('config.kinds.boolean', { value: String(node.value) });
    case 'null':
      return hostText('config.kinds.null');
    default:
      return hostText('config.kinds.other');
  }
}
