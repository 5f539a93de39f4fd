import { describe, expect, it } from 'vitest';
import { fuzzyFields, fuzzyMatch, highlightRuns, scoreField, wordStarts } from './fuzzy';
import { fuzzyFilter } from './FuzzySearch';

const score = (needle: string, text: string) =>
  scoreField(needle, text.toLowerCase(), wordStarts(text));

const names = (query: string, list: string[]): string[] =>
  fuzzyFilter(query, list, (s) => fuzzyFields([s])).map((r) => r.item);

describe('fuzzy search', () => {
  it('keeps every item, in order, for an empty query', () => {
    expect(names('', ['b', 'a', 'c'])).toEqual(['b', 'a', 'c']);
    expect(names('   ', ['b', 'a'])).toEqual(['b', 'a']);
  });

  it('needs every query character in order', () => {
    expect(names('rdm', ['README.md', 'dream', 'random'])).toEqual(['README.md', 'random']);
    expect(fuzzyMatch('xyz', fuzzyFields(['README.md']))).toBeNull();
    expect(fuzzyMatch('readmee', fuzzyFields(['README.md']))).toBeNull();
  });

  it('is case-insensitive', () => {
    expect(names('readme', ['README.md'])).toEqual(['README.md']);
  });

  it('ranks a substring above a scattered match, and a word start above a mid-word hit', () => {
    expect(names('file', ['f-i-l-e.txt', 'profile.md', 'my-file.md'])).toEqual([
      'my-file.md',
      'profile.md',
      'f-i-l-e.txt',
    ]);
  });

  it('ranks an exact name first and earlier positions higher', () => {
    expect(names('arch', ['research-notes', 'architecture.md', 'arch'])).toEqual([
      'arch',
      'architecture.md',
      'research-notes',
    ]);
  });

  it('prefers word starts in scattered matches (initials)', () => {
    const initials = score('gsc', 'get-structured-content');
    const scattered = score('gsc', 'ogsxxcxx');
    expect(initials?.positions).toEqual([0, 4, 15]);
    expect(initials?.score).toBeGreaterThan(scattered?.score ?? Number.POSITIVE_INFINITY);
  });

  it('counts camelCase boundaries as word starts', () => {
    expect(score('f', 'readFile')?.positions).toEqual([4]);
  });

  it('weighs earlier fields more: a name hit beats the same hit in the URI', () => {
    const items = [
      { name: 'alpha', uri: 'demo://notes' },
      { name: 'notes', uri: 'demo://alpha' },
    ];
    const ranked = fuzzyFilter('notes', items, (i) => fuzzyFields([i.name, i.uri]));
    expect(ranked.map((r) => r.item.name)).toEqual(['notes', 'alpha']);
    expect(ranked[1]?.match.field).toBe(1);
  });

  it('matches each word of a query in any field', () => {
    const items = [
      { server: 'everything', name: 'instructions.md' },
      { server: 'files', name: 'instructions.md' },
    ];
    const ranked = fuzzyFilter('instr every', items, (i) => fuzzyFields([i.name, i.server]));
    expect(ranked.map((r) => r.item.server)).toEqual(['everything']);
  });

  it('splits text into highlighted runs', () => {
    expect(highlightRuns('abcd', [1, 2])).toEqual([
      { text: 'a', hit: false },
      { text: 'bc', hit: true },
      { text: 'd', hit: false },
    ]);
    expect(highlightRuns('abc', [])).toEqual([{ text: 'abc', hit: false }]);
  });

  it('ranks 10 000 items: every hit contains the query in order, best first', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({
      name: `resource-${String(i)}-${['alpha', 'beta', 'gamma', 'delta'][i % 4] ?? ''}.md`,
      uri: `file:///projects/switchboard/docs/section-${String(i % 97)}/page-${String(i)}.md`,
    }));
    const prepared = items.map((i) => ({ i, f: fuzzyFields([i.name, i.uri]) }));
    // Speed lives in `npm run bench` (pickerFilter); here only what the ranking returns.
    const hits = fuzzyFilter('gamma', prepared, (p) => p.f);
    expect(hits.length).toBe(2500);
    expect(hits.every((h) => h.item.i.name.includes('gamma'))).toBe(true);
  });

  it('orders hits exactly as sorting by score, ties in item order, for any query', () => {
    const items = Array.from({ length: 3000 }, (_, i) =>
      fuzzyFields([
        `${['read', 'write', 'list'][i % 3] ?? ''}-file-${String(i)}`,
        `docs/${String(i % 7)}`,
      ]),
    );
    for (const query of ['f', 'rf', 'file 1', 'd 3', 'list-file-29', 'e']) {
      const hits = fuzzyFilter(query, items, (f) => f);
      const expected = items
        .map((item, index) => ({ item, index, match: fuzzyMatch(query, item) }))
        .filter((hit) => hit.match !== null)
        .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0) || a.index - b.index)
        .map((hit) => hit.index);
      expect(hits.map((hit) => items.indexOf(hit.item))).toEqual(expected);
      // Many hits share a score: the order among them is what this checks.
      expect(new Set(hits.map((hit) => hit.match.score)).size).toBeLessThan(hits.length);
    }
  });
});
