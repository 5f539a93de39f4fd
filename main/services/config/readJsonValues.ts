import type { Node } from 'jsonc-parser';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { substituteEnv } from './substituteEnv';
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
  expected: string,
): undefined {
  return schemaError(
    ctx,
    node,
    path,
    `${formatJsonPath(path)} must be ${expected}, but it is ${describeNode(node)}`,
  );
}

/** A string with `${env:NAME}` substituted; a missing variable is an `env` error at this node. */
export function readString(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  options: { nonEmpty?: boolean } = {},
): string | undefined {
  if (node.type !== 'string') return wrongType(ctx, node, path, 'a string');
  const { value, missing } = substituteEnv(String(node.value), ctx.env);
  for (const name of missing) {
    const message =
      name === ''
        ? `${formatJsonPath(path)} contains "\${env:}" without a variable name`
        : `${formatJsonPath(path)} uses \${env:${name}}, but the environment variable ${name} is not set`;
    report(ctx, node, 'error', 'env', path, message);
  }
  if (missing.length > 0) return undefined;
  if (options.nonEmpty && value.trim() === '') {
    return schemaError(ctx, node, path, `${formatJsonPath(path)} must not be empty`);
  }
  return value;
}

/** An array of strings, each substituted. */
export function readStringArray(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): string[] | undefined {
  if (node.type !== 'array') return wrongType(ctx, node, path, 'an array of strings');
  const out: string[] = [];
  let ok = true;
  for (const [index, item] of (node.children ?? []).entries()) {
    const value = readString(ctx, item, [...path, index]);
    if (value === undefined) ok = false;
    else out.push(value);
  }
  return ok ? out : undefined;
}

/** An object whose values are strings (env, headers); values substituted, names kept as written. */
export function readStringRecord(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): Record<string, string> | undefined {
  if (node.type !== 'object') {
    return wrongType(ctx, node, path, 'an object of string values, like { "NAME": "value" }');
  }
  const out: Record<string, string> = {};
  let ok = true;
  for (const [name, property] of readProperties(ctx, node, path)) {
    const value = readString(ctx, property.value, [...path, name]);
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
  if (node.type !== 'boolean') return wrongType(ctx, node, path, 'true or false');
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
  if (node.type !== 'string') return wrongType(ctx, node, path, `one of ${list}`);
  const value = String(node.value);
  if ((allowed as readonly string[]).includes(value)) return value as T;
  return schemaError(
    ctx,
    node,
    path,
    `${formatJsonPath(path)} must be one of ${list}, but it is ${JSON.stringify(value)}`,
  );
}

/** A whole number of milliseconds in 1..max. */
export function readMilliseconds(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  max: number,
): number | undefined {
  if (node.type !== 'number') return wrongType(ctx, node, path, 'a number of milliseconds');
  const value = Number(node.value);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    return schemaError(
      ctx,
      node,
      path,
      `${formatJsonPath(path)} must be a whole number of milliseconds between 1 and ${max}, but it is ${value}`,
    );
  }
  return value;
}
