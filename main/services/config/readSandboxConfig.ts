import type { Node } from 'jsonc-parser';
import {
  SANDBOX_FILESYSTEM_KEYS,
  SANDBOX_NETWORK_KEYS,
  type SandboxRules,
} from '../../../shared/domain/serverSandbox';
import { hostText } from '../../../shared/text/hostText';
import { checkSandboxVariables } from './sandboxVariables';
import { isDomainPattern } from './isDomainPattern';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { readStringArray } from './readJsonValues';
import { readKnownFields } from './readKnownFields';
import { schemaError, type ValidationContext } from './ValidationContext';

const SANDBOX_KEYS = ['filesystem', 'network'] as const;

/**
 * Reads a stdio server's `sandbox` block (VS Code's shape plus `filesystem.allowRead`): every
 * list an array of strings (`${env:NAME}` substituted), paths with known variables only, hosts
 * in the proxy's grammar. Unknown keys are kept and reported as warnings; any error makes it
 * undefined, with its line and column.
 */
export function readSandboxConfig(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): SandboxRules | undefined {
  if (node.type !== 'object') {
    return schemaError(
      ctx,
      node,
      path,
      hostText('sandbox.config.notObject', { path: formatJsonPath(path) }),
    );
  }
  const { values, ok } = readKnownFields(ctx, node, path, SANDBOX_KEYS, (key, value, at) =>
    key === 'filesystem' ? readFilesystem(ctx, value, at) : readNetwork(ctx, value, at),
  );
  return ok ? (values as SandboxRules) : undefined;
}

function readFilesystem(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): NonNullable<SandboxRules['filesystem']> | undefined {
  if (!isObject(ctx, node, path, 'allowWrite')) return undefined;
  const { values, ok } = readKnownFields(
    ctx,
    node,
    path,
    SANDBOX_FILESYSTEM_KEYS,
    (_k, value, at) =>
      readEntries(ctx, value, at, (entry, entryNode, entryPath) =>
        checkPath(ctx, entry, entryNode, entryPath),
      ),
  );
  return ok ? (values as NonNullable<SandboxRules['filesystem']>) : undefined;
}

function readNetwork(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): NonNullable<SandboxRules['network']> | undefined {
  if (!isObject(ctx, node, path, 'allowedDomains')) return undefined;
  const { values, ok } = readKnownFields(ctx, node, path, SANDBOX_NETWORK_KEYS, (key, value, at) =>
    readEntries(ctx, value, at, (entry, entryNode, entryPath) => {
      if (isDomainPattern(entry, { star: key === 'deniedDomains' })) return true;
      const where = formatJsonPath(entryPath);
      const text =
        entry === '*'
          ? hostText('sandbox.config.denyAllOnly', { path: where })
          : hostText('sandbox.config.badDomain', { path: where, value: JSON.stringify(entry) });
      schemaError(ctx, entryNode, entryPath, text);
      return false;
    }),
  );
  return ok ? (values as NonNullable<SandboxRules['network']>) : undefined;
}

/** An array of strings whose every entry passes `check` (which reports why one does not). */
function readEntries(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  check: (entry: string, node: Node, path: readonly JsonPathSegment[]) => boolean,
): string[] | undefined {
  const entries = readStringArray(ctx, node, path);
  if (!entries) return undefined;
  let ok = true;
  for (const [index, entry] of entries.entries()) {
    const entryNode = node.children?.[index] ?? node;
    const entryPath = [...path, index];
    if (entry.trim() === '') {
      schemaError(
        ctx,
        entryNode,
        entryPath,
        hostText('sandbox.config.emptyEntry', { path: formatJsonPath(entryPath) }),
      );
      ok = false;
    } else if (!check(entry, entryNode, entryPath)) ok = false;
  }
  return ok ? entries : undefined;
}

function checkPath(
  ctx: ValidationContext,
  entry: string,
  node: Node,
  path: readonly JsonPathSegment[],
): boolean {
  const where = formatJsonPath(path);
  const { unknown, rootsMisplaced } = checkSandboxVariables(entry);
  for (const variable of unknown) {
    schemaError(
      ctx,
      node,
      path,
      hostText('sandbox.config.unknownVariable', { path: where, variable }),
    );
  }
  if (rootsMisplaced)
    schemaError(ctx, node, path, hostText('sandbox.config.rootsFirst', { path: where }));
  return unknown.length === 0 && !rootsMisplaced;
}

function isObject(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
  example: string,
): boolean {
  if (node.type === 'object') return true;
  schemaError(
    ctx,
    node,
    path,
    hostText('sandbox.config.partNotObject', { path: formatJsonPath(path), example }),
  );
  return false;
}
