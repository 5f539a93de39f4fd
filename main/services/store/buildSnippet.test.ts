import { describe, expect, it } from 'vitest';
import { buildSnippet } from './buildSnippet';

describe('buildSnippet', () => {
  it('cuts a window around the first match and marks every match in it', () => {
    const text = `${'a'.repeat(100)} Needle here, needle there ${'b'.repeat(100)}`;
    const parts = buildSnippet(text, ['needle'], 20);
    expect(parts[0]?.text.startsWith('…')).toBe(true);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['Needle', 'needle']);
    expect(parts.at(-1)?.text.endsWith('…')).toBe(true);
  });

  it('does not split surrogate pairs or choke on regex characters', () => {
    const text = `${'😀'.repeat(40)}(x+y)${'😀'.repeat(40)}`;
    const parts = buildSnippet(text, ['(x+y)'], 5);
    const joined = parts.map((p) => p.text).join('');
    expect(joined).not.toMatch(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u,
    );
    expect(parts.find((p) => p.match)?.text).toBe('(x+y)');
  });

  it('returns the start of the text when nothing matches', () => {
    expect(buildSnippet('short text', ['zzz'])).toEqual([{ text: 'short text', match: false }]);
  });
});
