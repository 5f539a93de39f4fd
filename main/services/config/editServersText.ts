import { findNodeAtLocation, type Node } from 'jsonc-parser';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { detectFormatting } from './detectFormatting';
import { insertJsonProperty } from './insertJsonProperty';
import { parseJsonDocument } from './parseJsonDocument';
import { removeJsonProperty } from './removeJsonProperty';
import { SERVERS_KEY, type ServerEntry } from './ServerEntry';
import { hostText } from '../../../shared/text/hostText';

/**
 * Structured edits on the servers-file text. Each changes only the bytes it must, so unknown
 * keys, key order and the person's formatting survive; the result is what gets saved.
 * They refuse to touch text that is not valid JSON (an edit could land in the wrong place).
 */

/** Sets `disabled` on one server; enabling a server that never had the key leaves it alone. */
export function setServerDisabledInText(text: string, name: string, disabled: boolean): string {
  const root = parseForEdit(text);
  const server = findServer(root, name);
  const property = server.children?.find((p) => p.children?.[0]?.value === 'disabled');
  const current = property?.children?.[1];
  if (current) {
    if (current.type === 'boolean' && current.value === disabled) return text;
    // Replace just the value: everything around it stays byte-for-byte.
    return splice(text, current.offset, current.length, String(disabled));
  }
  if (!disabled) return text;
  return insertJsonProperty(text, server, 'disabled', true, detectFormatting(text));
}

/** Removes one server entry (and the comma that separated it). */
export function removeServerFromText(text: string, name: string): string {
  const server = findServer(parseForEdit(text), name);
  const property = server.parent;
  const servers = property?.parent;
  if (!property || !servers) throw new AppError(AppErrorCode.Internal, 'unexpected parse tree');
  return removeJsonProperty(text, servers, property);
}

/**
 * Appends servers under `mcpServers` (created if missing). A name that already exists is an
 * error, never an overwrite: import planning must have renamed or dropped it first.
 */
export function addServersToText(
  text: string,
  servers: Readonly<Record<string, ServerEntry>>,
): string {
  const root = parseForEdit(text);
  const conflicts = Object.keys(servers).filter(
    (name) => root && findNodeAtLocation(root, [SERVERS_KEY, name]) !== undefined,
  );
  if (conflicts.length > 0) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('config.edit.taken', { names: conflicts.map((n) => `"${n}"`).join(', ') }),
      { conflicts },
    );
  }
  const formatting = detectFormatting(text);
  const eol = formatting.eol ?? '\n';
  // A new file starts as a multi-line object so it is laid out for reading, not one long line.
  let next = text.trim() === '' ? `{${eol}}` : text;
  for (const [name, entry] of Object.entries(servers)) {
    if (name === '') throw new AppError(AppErrorCode.Validation, hostText('config.emptyName'));
    const root = parseForEdit(next);
    if (!root) throw new AppError(AppErrorCode.Internal, 'the servers file did not parse');
    const serversNode = findNodeAtLocation(root, [SERVERS_KEY]);
    next = serversNode
      ? insertJsonProperty(next, serversNode, name, entry, formatting)
      : insertJsonProperty(next, root, SERVERS_KEY, { [name]: entry }, formatting);
  }
  return next.endsWith('\n') ? next : next + eol;
}

export function parseForEdit(text: string): Node | undefined {
  const document = parseJsonDocument(text, { lenient: false });
  if (document.problems.length > 0) {
    const first = document.problems[0];
    throw new AppError(
      AppErrorCode.ConfigInvalid,
      first
        ? hostText('config.edit.notJsonAt', {
            line: first.line,
            column: first.column,
            problem: first.text,
          })
        : hostText('config.edit.notJson'),
      { problems: document.problems },
    );
  }
  if (document.root && document.root.type !== 'object') {
    throw new AppError(AppErrorCode.ConfigInvalid, hostText('config.edit.notObject'));
  }
  const servers = document.root && findNodeAtLocation(document.root, [SERVERS_KEY]);
  if (servers && servers.type !== 'object') {
    throw new AppError(AppErrorCode.ConfigInvalid, hostText('config.serversNotObject'));
  }
  return document.root;
}

export function findServer(root: Node | undefined, name: string): Node {
  const server = root && findNodeAtLocation(root, [SERVERS_KEY, name]);
  if (!server) {
    throw new AppError(AppErrorCode.NotFound, hostText('config.edit.noServer', { name }));
  }
  if (server.type !== 'object') {
    throw new AppError(
      AppErrorCode.ConfigInvalid,
      hostText('config.edit.serverNotObject', { name }),
    );
  }
  return server;
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset + length);
}
