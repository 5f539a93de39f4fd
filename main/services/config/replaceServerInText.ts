import { isDeepStrictEqual } from 'node:util';
import { findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { detectFormatting } from './detectFormatting';
import { findServer, parseForEdit } from './editServersText';
import { SERVERS_KEY, type ServerEntry } from './ServerEntry';
import { hostText } from '../../../shared/text/hostText';

/**
 * Replaces one server's entry (and optionally its name) in place: the entry keeps its position,
 * everything outside it keeps its bytes. The new entry is laid out in the file's own
 * indentation at the entry's depth.
 */
export function replaceServerInText(
  text: string,
  name: string,
  entry: ServerEntry,
  newName: string = name,
): string {
  const root = parseForEdit(text);
  const value = findServer(root, name);
  const property = value.parent;
  const key = property?.children?.[0];
  if (!property || !key) throw new AppError(AppErrorCode.Internal, 'unexpected parse tree');
  if (newName !== name) {
    if (newName === '') {
      throw new AppError(AppErrorCode.Validation, hostText('config.emptyName'));
    }
    if (root && findNodeAtLocation(root, [SERVERS_KEY, newName]) !== undefined) {
      throw new AppError(
        AppErrorCode.Validation,
        hostText('config.alreadyHas', { name: newName }),
        {
          conflicts: [newName],
        },
      );
    }
  }
  // Nothing to change: the person's layout of this entry stays as it is.
  if (newName === name && isDeepStrictEqual(plain(getNodeValue(value)), plain(entry))) return text;
  const formatting = detectFormatting(text);
  const eol = formatting.eol ?? '\n';
  const unit = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const body = text.slice(value.offset, value.offset + value.length);
  // A one-line entry stays one line; otherwise pretty, continuing at the key's indentation.
  const serialized = /[\r\n]/.test(body)
    ? JSON.stringify(entry, null, unit)
        .split('\n')
        .join(eol + lineIndentAt(text, key.offset))
    : JSON.stringify(entry, null, 1).replace(/\n\s*/g, ' ');
  const withValue = splice(text, value.offset, value.length, serialized);
  return newName === name
    ? withValue
    : splice(withValue, key.offset, key.length, JSON.stringify(newName));
}

function lineIndentAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset + length);
}

/** Plain objects (jsonc-parser's have no prototype, which a strict comparison would count). */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
