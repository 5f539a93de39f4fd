import type { ServerConfig } from '../../../shared/domain/serverConfig';
import type { ConfigProblem } from './ConfigProblem';
import { normalizeServerEntry } from './normalizeServerEntry';
import { parseJsonDocument } from './parseJsonDocument';
import { SERVERS_KEY } from './ServerEntry';
import type { EnvLookup } from '../base/substituteEnv';
import { readProperties, report, schemaError, type ValidationContext } from './ValidationContext';
import { hostText } from '../../../shared/text/hostText';

/** The outcome of reading one servers-file text. */
export interface ParsedServersText {
  /** The normalized servers, in file order; empty whenever `errors` is not. */
  servers: ServerConfig[];
  /** Any error rejects the whole file, so a half-valid file never half-applies. */
  errors: ConfigProblem[];
  /** Unknown keys and ignored settings: reported, kept in the file, never fatal. */
  warnings: ConfigProblem[];
}

/**
 * Validates a servers-file text and normalizes it. Pure: the same text and environment always
 * give the same result, so the in-app editor can call it on every keystroke for inline errors.
 * An empty text is an empty config (a fresh file), not an error.
 */
export function parseServersText(text: string, env: EnvLookup): ParsedServersText {
  const document = parseJsonDocument(text, { lenient: false });
  if (document.problems.length > 0) {
    return { servers: [], errors: document.problems, warnings: [] };
  }
  const root = document.root;
  const ctx: ValidationContext = { env, locate: document.locate, problems: [] };
  const servers: ServerConfig[] = [];
  if (root && root.type !== 'object') {
    schemaError(ctx, root, [], hostText('config.fileNotObject'));
  } else if (root) {
    for (const [key, property] of readProperties(ctx, root, [])) {
      if (key !== SERVERS_KEY) {
        report(
          ctx,
          property.key,
          'warning',
          'unknown-key',
          [key],
          hostText('config.unknownTopKey', { key }),
        );
        continue;
      }
      const serversNode = property.value;
      if (serversNode.type !== 'object') {
        schemaError(ctx, serversNode, [SERVERS_KEY], hostText('config.serversNotObject'));
        continue;
      }
      for (const [name, entry] of readProperties(ctx, serversNode, [SERVERS_KEY])) {
        const server = normalizeServerEntry(ctx, name, entry.key, entry.value);
        if (server) servers.push(server);
      }
    }
  }
  // Text order, as an editor's problem list shows them (the walk finds some out of order).
  const problems = ctx.problems.toSorted((a, b) => a.offset - b.offset);
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  return { servers: errors.length > 0 ? [] : servers, errors, warnings };
}
