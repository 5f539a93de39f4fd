import { describe, expect, it } from 'vitest';
import { MAX_ROW_CHARS, TextLines } from './TextLines';

function rowsOf(lines: TextLines): string[] {
  return Array.from({ length: lines.count }, (_, i) => lines.row(i));
}

describe('TextLines', () => {
  it('cuts a text into its lines, however the slices fall', () => {
    const text = 'alpha\nbeta\n\ngamma delta\nepsilon';
    for (let size = 1; size <= text.length; size++) {
      const lines = new TextLines();
      for (let at = 0; at < text.length; at += size) lines.append(text.slice(at, at + size));
      lines.end();
      expect(rowsOf(lines)).toEqual(text.split('\n'));
    }
  });

  it('shows the line still arriving as the last row until the text ends', () => {
    const lines = new TextLines();
    lines.append('one\ntw');
    expect(rowsOf(lines)).toEqual(['one', 'tw']);
    lines.append('o\n');
    expect(rowsOf(lines)).toEqual(['one', 'two', '']);
    lines.end();
    expect(rowsOf(lines)).toEqual(['one', 'two', '']);
  });

  it('shows a long line as several rows, also while it arrives', () => {
    const long = 'x'.repeat(MAX_ROW_CHARS * 2 + 7);
    const lines = new TextLines();
    lines.append(long.slice(0, MAX_ROW_CHARS + 3));
    expect(lines.rows).toEqual(['x'.repeat(MAX_ROW_CHARS)]);
    lines.append(`${long.slice(MAX_ROW_CHARS + 3)}\nend`);
    lines.end();
    expect(rowsOf(lines)).toEqual([
      'x'.repeat(MAX_ROW_CHARS),
      'x'.repeat(MAX_ROW_CHARS),
      'x'.repeat(7),
      'end',
    ]);
  });
});
