import { cleanTerminalText } from './terminalText';

/**
 * Rows of text as aligned columns for a terminal: each column as wide as its widest cell,
 * counting East Asian wide characters (a Chinese server name) as two columns, as terminals do.
 * The last column is not padded.
 */
export function formatTable(cells: readonly (readonly string[])[], gap = 2): string[] {
  // Measured as printed: control sequences in a server's text take no columns once cleaned.
  const rows = cells.map((row) => row.map(cleanTerminalText));
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, displayWidth(cell));
    });
  }
  return rows.map((row) =>
    row
      .map((cell, index) =>
        index === row.length - 1
          ? cell
          : cell + ' '.repeat((widths[index] ?? 0) - displayWidth(cell) + gap),
      )
      .join('')
      .trimEnd(),
  );
}

/** Terminal columns a text takes: two for wide (CJK, full-width) characters, one otherwise. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += isWide(char.codePointAt(0) ?? 0) ? 2 : 1;
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
