import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** The folder under the data folder that holds every server's own state folder. */
export const SERVER_STATE_DIR = 'server-state';

/**
 * A server's own state folder: the one place a sandboxed server may write by default
 * (`${serverState}` in its rules). The name is a readable part of the server's name plus a hash
 * of all of it, so any server name (slashes, dots, other scripts) gives one safe folder name.
 */
export function serverStateDir(dataDir: string, serverName: string): string {
  const readable = serverName
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 40);
  const hash = createHash('sha256').update(serverName).digest('hex').slice(0, 10);
  return join(dataDir, SERVER_STATE_DIR, `${readable}-${hash}`);
}
