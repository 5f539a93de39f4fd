import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ServerConfig } from '../../../../shared/domain/serverConfig';

/**
 * Keys of an entry that change when or how long a server runs, not which server it is: a
 * remembered list stays valid across changes to them.
 */
const NOT_IDENTITY: ReadonlySet<string> = new Set([
  'name',
  'disabled',
  'timeouts',
  'protocol',
  'start',
  'idleMinutes',
]);

/**
 * What a remembered list is valid for: a digest of the entry's launch identity (command, args,
 * env, cwd; URL and headers; and any other key that says what runs or where), as validated
 * (`${secret:NAME}` references unresolved, so no secret value goes into it). Another command
 * or URL is another server: its list must be learned again.
 */
export function rememberKey(config: ServerConfig): string {
  const identity = Object.fromEntries(
    Object.entries(config).filter(([key]) => !NOT_IDENTITY.has(key)),
  );
  return createHash('sha256')
    .update(canonicalize(identity) ?? '')
    .digest('hex');
}
