import type { Node } from 'jsonc-parser';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { hostText, type HostText } from '../../../shared/text/hostText';
import { substituteEnv } from '../base/substituteEnv';
import { mayResolve, originSource } from '../secrets/referencePolicy';
import { valueReferences } from '../secrets/secretReferences';
import {
  describeNode,
  readProperties,
  report,
  schemaError,
  type ValidationContext,
} from './ValidationContext';

/**
 * Typed readers over parse-tree nodes. Each returns the value, or undefined after reporting
 * exactly why the node is not acceptable (with its path and location).
 */

function wrongType(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  expected: HostText,
): undefined {
  return schemaError(
    ctx,
    node,
    path,
    hostText('config.wrongType', {
      path: formatJsonPath(path),
      expected,
      actual: describeNode(node),
    }),
  );
}

/**
 * A string with `${env:NAME}` substituted; a missing variable is an `env` error at this node.
 * With `keepReferences` the string comes back as written (its references resolve when the server
 * starts), after the same checks. In an entry from a third party (`ctx.references`), an
 * `${env:…}` it was not given is an error and a `${secret:…}` a warning, each at this node.
 */
export function readString(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  options: { nonEmpty?: boolean; keepReferences?: boolean } = {},
): string | undefined {
  if (node.type !== 'string') return wrongType(ctx, node, path, hostText('config.expected.string'));
  const written = String(node.value);
  if (!checkReferences(ctx, node, path, written)) return undefined;
  const { value, missing } = substituteEnv(written, ctx.env);
  for (const name of missing) {
    const message =
      name === ''
        ? hostText('config.emptyEnvName', { path: formatJsonPath(path) })
        : hostText('config.envUnset', { path: formatJsonPath(path), name });
    report(ctx, node, 'error', 'env', path, message);
  }
  if (missing.length > 0) return undefined;
  if (options.nonEmpty && value.trim() === '') {
    return schemaError(ctx, node, path, hostText('config.empty', { path: formatJsonPath(path) }));
  }
  return options.keepReferences ? written : value;
}

/** False after reporting an `${env:…}` the entry's origin does not let it read. */
function checkReferences(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  written: string,
): boolean {
  const policy = ctx.references;
  if (!policy || !written.includes('${')) return true;
  let ok = true;
  for (const reference of valueReferences(written)) {
    if (reference.name === '' || mayResolve(policy, reference)) continue;
    const params = {
      path: formatJsonPath(path),
      name: reference.name,
      source: originSource(policy.source),
    };
    if (reference.kind === 'env') {
      ok = false;
      report(ctx, node, 'error', 'reference', path, hostText('config.untrustedEnv', params));
    } else {
      report(ctx, node, 'warning', 'reference', path, hostText('config.untrustedSecret', params));
    }
  }
  return ok;
}

/** An array of strings, each substituted (or kept as written, see {@link readString}). */
export function readStringArray(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  options: { keepReferences?: boolean } = {},
): string[] | undefined {
  if (node.type !== 'array')
    return wrongType(ctx, node, path, hostText('config.expected.stringArray'));
  const out: string[] = [];
  let ok = true;
  for (const [index, item] of (node.children ?? []).entries()) {
    const value = readString(ctx, item, [...path, index], options);
    if (value === undefined) ok = false;
    else out.push(value);
  }
  return ok ? out : undefined;
}

/** An object whose values are strings (env, headers); names kept as written, values as above. */
export function readStringRecord(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  options: { keepReferences?: boolean } = {},
): Record<string, string> | undefined {
  if (node.type !== 'object') {
    return wrongType(ctx, node, path, hostText('config.expected.stringRecord'));
  }
  const out: Record<string, string> = {};
  let ok = true;
  for (const [name, property] of readProperties(ctx, node, path)) {
    const value = readString(ctx, property.value, [...path, name], options);
    if (value === undefined) ok = false;
    else out[name] = value;
  }
  return ok ? out : undefined;
}

export function readBoolean(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): boolean | undefined {
  if (node.type !== 'boolean')
    return wrongType(ctx, node, path, hostText('config.expected.boolean'));
  return node.value === true;
}

/** One of a fixed set of strings (no substitution: these are keywords, not data). */
export function readEnum<T extends string>(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  allowed: readonly T[],
): T | undefined {
  const list = allowed.map((value) => `"${value}"`).join(', ');
  if (node.type !== 'string')
    return wrongType(ctx, node, path, hostText('config.expected.oneOf', { list }));
  const value = String(node.value);
  if ((allowed as readonly string[]).includes(value)) return value as T;
  return schemaError(
    ctx,
    node,
    path,
    hostText('config.notOneOf', { path: formatJsonPath(path), list, value: JSON.stringify(value) }),
  );
}

/** A whole number of milliseconds in 1..max. */
export function readMilliseconds(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  max: number,
): number | undefined {
  if (node.type !== 'number')
    return wrongType(ctx, node, path, hostText('config.expected.milliseconds'));
  const value = Number(node.value);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.milliseconds', { path: formatJsonPath(path), max, value }),
    );
  }
  return value;
}
