import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The digest of one definition (a tool, prompt or resource template as the server listed it):
 * SHA-256 of its RFC 8785 canonical JSON, so key order and spacing never make a difference.
 */
export function definitionDigest(definition: unknown): string {
  const text = canonicalize(definition) ?? 'null';
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
