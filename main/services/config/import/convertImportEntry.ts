import { getNodeValue, type Node } from 'jsonc-parser';
import type { JsonPathSegment } from '../formatJsonPath';
import { KNOWN_SERVER_KEYS, type ServerEntry } from '../ServerEntry';
import { describeNode, readProperties, report, type ValidationContext } from '../ValidationContext';
import type { ImportContext, ImportFormat } from './detectImportSources';
import { rewriteVariables } from './rewriteVariables';
import { hostText, type HostTextKey } from '../../../../shared/text/hostText';

// Transport names other apps use for Streamable HTTP.
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  streamable_http: 'http',
  sse: 'sse',
};

// Keys other apps use that we know about, with why they are not carried over.
const DROPPED_KEY_REASONS: Readonly<Record<string, HostTextKey>> = {
  envFile: 'config.import.droppedEnvFile',
  dev: 'config.import.droppedDev',
};

export interface ConvertContext {
  validation: ValidationContext;
  format: ImportFormat;
  importContext: ImportContext;
  /** The key servers live under in the source file (`mcpServers` or `servers`). */
  serversKey: string;
}

/**
 * Converts one server from another app's file into a Switchboard entry. Keys we understand are
 * copied (strings rewritten to our variable syntax); keys we do not are left out and each one
 * is reported, so the preview says exactly what will not come along. Returns undefined (with an
 * error reported) when the entry cannot be imported at all.
 */
export function convertImportEntry(
  ctx: ConvertContext,
  name: string,
  node: Node,
): ServerEntry | undefined {
  const path: JsonPathSegment[] = [ctx.serversKey, name];
  const problems = ctx.validation;
  if (node.type !== 'object') {
    report(
      problems,
      node,
      'error',
      'schema',
      path,
      hostText('config.import.notObject', { name, actual: describeNode(node) }),
    );
    return undefined;
  }
  const entry: ServerEntry = {};
  for (const [key, property] of readProperties(problems, node, path)) {
    const keyPath = [...path, key];
    if (!KNOWN_SERVER_KEYS.has(key)) {
      const reason = hostText(DROPPED_KEY_REASONS[key] ?? 'config.import.droppedOther');
      report(
        problems,
        property.key,
        'warning',
        'unknown-key',
        keyPath,
        hostText('config.import.dropped', { key, name, reason }),
      );
      continue;
    }
    const value: unknown = getNodeValue(property.value);
    if (key === 'type') {
      const type = typeof value === 'string' ? TYPE_ALIASES[value] : undefined;
      if (type === undefined) {
        report(
          problems,
          property.value,
          'error',
          'schema',
          keyPath,
          hostText('config.import.unknownType', { name, value: JSON.stringify(value) }),
        );
        return undefined;
      }
      entry.type = type;
      continue;
    }
    entry[key] = rewriteStrings(value, (text) => {
      const rewritten = rewriteVariables(text, ctx.format, ctx.importContext);
      for (const note of rewritten.notes) {
        report(
          problems,
          property.value,
          'warning',
          'schema',
          keyPath,
          hostText('config.import.note', { name, note }),
        );
      }
      return rewritten.value;
    });
  }
  return entry;
}

/** Applies `rewrite` to every string value (not object keys) inside a JSON value. */
export function rewriteStrings(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value);
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, rewrite));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rewriteStrings(item, rewrite)]),
    );
  }
  return value;
}
