import type { Node } from 'jsonc-parser';
import {
  MAX_IDLE_MINUTES,
  serverStartSchema,
  type ServerConfig,
} from '../../../shared/domain/serverConfig';
import { hostText } from '../../../shared/text/hostText';
import { formatJsonPath, type JsonPathSegment } from './formatJsonPath';
import { readEnum } from './readJsonValues';
import { schemaError, type PropertyNodes, type ValidationContext } from './ValidationContext';

/** The keys of an entry that say when its server starts and stops. */
export type StartKeys = Pick<ServerConfig, 'start' | 'idleMinutes'>;

/**
 * Reads `start` (`"launch"` or `"firstUse"`) and `idleMinutes` (whole minutes, 0 = never) of
 * one entry; each problem is reported at its node. Absent keys stay absent: their defaults
 * depend on the settings and on whether the server's list is remembered.
 */
export function readStartKeys(
  ctx: ValidationContext,
  props: ReadonlyMap<string, PropertyNodes>,
  path: readonly JsonPathSegment[],
): StartKeys {
  const keys: StartKeys = {};
  const start = props.get('start');
  if (start) {
    const value = readEnum(ctx, start.value, [...path, 'start'], serverStartSchema.options);
    if (value !== undefined) keys.start = value;
  }
  const idle = props.get('idleMinutes');
  if (idle) {
    const value = readMinutes(ctx, idle.value, [...path, 'idleMinutes']);
    if (value !== undefined) keys.idleMinutes = value;
  }
  return keys;
}

function readMinutes(
  ctx: ValidationContext,
  node: Node,
  path: readonly JsonPathSegment[],
): number | undefined {
  const value: unknown = node.value;
  if (
    node.type === 'number' &&
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= MAX_IDLE_MINUTES
  ) {
    return value;
  }
  return schemaError(
    ctx,
    node,
    path,
    hostText('onDemand.config.idleMinutes', {
      path: formatJsonPath(path),
      max: MAX_IDLE_MINUTES,
      value: node.type === 'string' ? JSON.stringify(value) : String(value),
    }),
  );
}
