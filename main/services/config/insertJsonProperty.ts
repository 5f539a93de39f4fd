import type { FormattingOptions, Node } from 'jsonc-parser';

/**
 * Adds `"key": value` as the last property of `object` without reformatting anything that is
 * already there (jsonc-parser's formatter would re-indent the neighbouring property too).
 * A multi-line object gets a new line in its own indentation; a one-line object stays one line;
 * an empty one follows the document (multi-line unless the whole file is one line).
 * Assumes the key is not present yet.
 */
export function insertJsonProperty(
  text: string,
  object: Node,
  key: string,
  value: unknown,
  formatting: FormattingOptions,
): string {
  const eol = formatting.eol ?? '\n';
  const unit = formatting.insertSpaces ? ' '.repeat(formatting.tabSize ?? 2) : '\t';
  const properties = object.children ?? [];
  const first = properties[0];
  const last = properties[properties.length - 1];
  const body = text.slice(object.offset, object.offset + object.length);
  // An empty object has no style of its own: follow the document's.
  const multiLine = /[\r\n]/.test(properties.length > 0 ? body : text);

  if (!multiLine) {
    const colon =
      first?.colonOffset !== undefined && text[first.colonOffset + 1] !== ' ' ? ':' : ': ';
    const pair = `${JSON.stringify(key)}${colon}${JSON.stringify(value)}`;
    if (!last) return splice(text, object.offset, object.length, `{ ${pair} }`);
    return splice(text, last.offset + last.length, 0, `, ${pair}`);
  }

  const outer = lineIndentAt(text, object.offset);
  const inner =
    first && startsLine(text, first.offset) ? lineIndentAt(text, first.offset) : outer + unit;
  const pair = `${JSON.stringify(key)}: ${serialize(value, unit, eol, inner)}`;
  if (!last) {
    return splice(text, object.offset, object.length, `{${eol}${inner}${pair}${eol}${outer}}`);
  }
  return splice(text, last.offset + last.length, 0, `,${eol}${inner}${pair}`);
}

/** Pretty JSON whose continuation lines start at `indent`. */
function serialize(value: unknown, unit: string, eol: string, indent: string): string {
  return JSON.stringify(value, null, unit)
    .split('\n')
    .join(eol + indent);
}

/** Leading whitespace of the line containing `offset`. */
function lineIndentAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

/** True when only whitespace precedes `offset` on its line. */
function startsLine(text: string, offset: number): boolean {
  return lineIndentAt(text, offset).length === offset - lineStart(text, offset);
}

function lineStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return start;
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return text.slice(0, offset) + insert + text.slice(offset + length);
}
