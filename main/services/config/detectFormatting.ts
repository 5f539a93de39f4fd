import type { FormattingOptions } from 'jsonc-parser';

/**
 * The indentation and line endings a text already uses, so structured edits look like the
 * person's own file rather than ours. Defaults (two spaces, `\n`) apply to a new file.
 */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  for (const line of text.split(/\r?\n/)) {
    const indent = /^([ \t]+)\S/.exec(line)?.[1];
    if (indent === undefined) continue;
    if (indent.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
    return { insertSpaces: true, tabSize: indent.length, eol };
  }
  return { insertSpaces: true, tabSize: 2, eol };
}
