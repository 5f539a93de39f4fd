import { createHash } from 'node:crypto';
import type { ServerConfig } from '../../../../shared/domain/serverConfig';

/**
 * A stable fingerprint of what decides *which server* a config reaches: command line, env and
 * working directory for stdio; URL and headers for HTTP. The name, timeouts, `disabled` and the
 * era preference are left out on purpose — they do not change what the server speaks, so an era
 * verdict stays valid across them. Env values and headers only enter a SHA-256, never the cache.
 */
export function configHash(config: ServerConfig): string {
  const identity =
    config.transport === 'stdio'
      ? {
          transport: config.transport,
          command: config.command,
          args: config.args,
          env: sortedEntries(config.env),
          cwd: config.cwd ?? null,
        }
      : {
          transport: config.transport,
          url: config.url,
          headers: sortedEntries(config.headers),
        };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

function sortedEntries(record: Record<string, string>): [string, string][] {
  return Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
