import { createHash } from 'node:crypto';

/**
 * A file name for something kept per server: readable where the name allows it, unique always
 * (server names may hold any character, `/` and `..` included).
 */
export function serverFileName(server: string, extension: string): string {
  const readable = server.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60);
  const hash = createHash('sha256').update(server).digest('hex').slice(0, 12);
  return `${readable}-${hash}${extension}`;
}
