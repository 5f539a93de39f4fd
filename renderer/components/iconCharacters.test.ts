import { describe, expect, it } from 'vitest';

/**
 * Icons come from one icon set (lucide-react), never from characters: symbols like "＋" or
 * "⚙" depend on the fonts installed (a box without CJK fonts) and differ between platforms.
 */
describe('icon characters', () => {
  const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  // Pictographs, dingbats, arrows and full-width signs used as icons; typographic marks such
  // as "…" and "·" in running text are not icons.
  const iconLike =
    /[\u2190-\u21ff\u2300-\u23ff\u2460-\u27bf\u25a0-\u25ff\u2b00-\u2bff\uff0b\u00d7]|\p{Extended_Pictographic}/u;

  it('are not used in components', () => {
    const found: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      text.split('\n').forEach((line, index) => {
        // Comments may name a character ("the ↑↓ keys"); only code and markup count.
        const code = line.replace(/\/\/.*$|\/\*.*?\*\/|^\s*\*.*$/g, '');
        const match = iconLike.exec(code);
        if (match) found.push(`${file}:${index + 1}: ${match[0]}`);
      });
    }
    expect(found).toEqual([]);
  });
});
