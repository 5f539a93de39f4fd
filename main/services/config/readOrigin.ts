import type { Node } from 'jsonc-parser';
import { SECRET_NAME_PATTERN } from '../../../shared/domain/secretName';
import {
  ENV_NAME_PATTERN,
  ORIGIN_DIGEST_PATTERN,
  ORIGIN_KEYS,
  SERVER_ORIGIN_KINDS,
  serverOriginSchema,
  type ServerOrigin,
} from '../../../shared/domain/serverOrigin';
import { hostText, type HostText } from '../../../shared/text/hostText';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { readEnum } from './readJsonValues';
import { readKnownFields } from './readKnownFields';
import { describeNode, schemaError, type ValidationContext } from './ValidationContext';

type OriginKey = (typeof ORIGIN_KEYS)[number];

/**
 * Reads a server's `origin` (where the entry came from). Its strings are data about the entry,
 * never substituted. Every field is checked with its place; unknown keys are kept as warnings.
 * Undefined after an error.
 */
export function readOrigin(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): ServerOrigin | undefined {
  if (node.type !== 'object') {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.originNotObject', { path: formatJsonPath(path) }),
    );
  }
  const { values, ok } = readKnownFields(ctx, node, path, ORIGIN_KEYS, (key, value, at) =>
    readField(ctx, key, value, at),
  );
  if (!ok) return undefined;
  if (values.kind === undefined) {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.missing', { path: formatJsonPath(path), key: 'kind' }),
    );
  }
  // The walk mirrors the schema; parsing again keeps the two from drifting apart.
  const parsed = serverOriginSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  const reasons = parsed.error.issues.map((issue) => issue.message).join('; ');
  return schemaError(
    ctx,
    node,
    path,
    hostText('config.notValid', { path: formatJsonPath(path), reasons }),
  );
}

function readField(
  ctx: ValidationContext,
  key: OriginKey,
  node: Node,
  path: readonly JsonPathSegment[],
): unknown {
  switch (key) {
    case 'kind':
      return readEnum(ctx, node, path, SERVER_ORIGIN_KINDS);
    case 'name':
    case 'version':
      return readText(ctx, node, path, key === 'name' ? 500 : 200);
    case 'digest': {
      const value = readText(ctx, node, path, 100);
      if (value === undefined || ORIGIN_DIGEST_PATTERN.test(value)) return value;
      return invalid(ctx, node, path, 'config.originDigest', value);
    }
    case 'secrets':
      return readNames(ctx, node, path, SECRET_NAME_PATTERN, 'config.originSecretName');
    case 'env':
      return readNames(ctx, node, path, ENV_NAME_PATTERN, 'config.originEnvName');
  }
}

/** A non-empty string of at most `max` characters, as written. */
function readText(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  max: number,
): string | undefined {
  const where = formatJsonPath(path);
  if (node.type !== 'string') {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.wrongType', {
        path: where,
        expected: hostText('config.expected.string'),
        actual: describeNode(node),
      }),
    );
  }
  const value = String(node.value);
  if (value === '') return schemaError(ctx, node, path, hostText('config.empty', { path: where }));
  if (value.length > max) {
    return schemaError(ctx, node, path, hostText('config.tooLongText', { path: where, max }));
  }
  return value;
}

/** A list of names, each matching `pattern`; every bad one reported at its place. */
function readNames(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  pattern: RegExp,
  message: 'config.originSecretName' | 'config.originEnvName',
): string[] | undefined {
  if (node.type !== 'array') {
    return schemaError(
      ctx,
      node,
      path,
      hostText('config.wrongType', {
        path: formatJsonPath(path),
        expected: hostText('config.expected.stringArray'),
        actual: describeNode(node),
      }),
    );
  }
  const names: string[] = [];
  let ok = true;
  for (const [index, item] of (node.children ?? []).entries()) {
    const at = [...path, index];
    const value = readText(ctx, item, at, 200);
    if (value !== undefined && pattern.test(value)) names.push(value);
    else {
      ok = false;
      if (value !== undefined) invalid(ctx, item, at, message, value);
    }
  }
  return ok ? names : undefined;
}

function invalid(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  key: 'config.originDigest' | 'config.originSecretName' | 'config.originEnvName',
  value: string,
): undefined {
  const text: HostText = hostText(key, {
    path: formatJsonPath(path),
    value: JSON.stringify(value),
  });
  return schemaError(ctx, node, path, text);
}
