import { findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import { parseJsonDocument } from './parseJsonDocument';
import { SERVERS_KEY, type ServerEntry } from './ServerEntry';

/** One server's entry as written (before validation and substitution), or undefined. */
export function readRawServer(text: string, name: string): ServerEntry | undefined {
  const document = parseJsonDocument(text, { lenient: false });
  if (!document.root || document.problems.length > 0) return undefined;
  const node = findNodeAtLocation(document.root, [SERVERS_KEY, name]);
  if (node?.type !== 'object') return undefined;
  return getNodeValue(node) as ServerEntry;
}
