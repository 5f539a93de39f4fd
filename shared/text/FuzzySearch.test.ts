import { describe, expect, it } from 'vitest';
import { fuzzyFields, fuzzyMatch, type FuzzyFields } from './fuzzy';
import { FuzzySearch } from './FuzzySearch';

const names = [
  'README.md',
  'readFile',
  'architecture.md',
  'research-notes',
  'gamma-12.md',
  'Gamma ray',
  'notes/gamma',
  'ΟΔΟΣ',
  'οδοσα',
  'delta',
];

/** A search over `names`, with how many items each keystroke looked at. */
function counted() {
  const fields = names.map((n) => fuzzyFields([n, `file:///docs/${n}`]));
  const search = new FuzzySearch(
    names.map((_, i) => i),
    (i) => fields[i] as FuzzyFields,
  );
  return {
    filter: (query: string) => {
      const hits = search.filter(query).map((h) => names[h.item]);
      return { hits, looked: search.scanned };
    },
    // Each item matched on its own (nothing packed, nothing kept), best first, ties in order.
    fresh: (query: string) =>
      fields
        .map((f, i) => ({ name: names[i], match: fuzzyMatch(query, f), i }))
        .filter((h) => h.match !== null)
        .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0) || a.i - b.i)
        .map((h) => h.name),
  };
}

describe('FuzzySearch', () => {
  it('gives what a fresh filter gives, keystroke after keystroke, typing and erasing', () => {
    const s = counted();
    const typed = [
      '',
      'g',
      'ga',
      'gam',
      'gamma',
      'gamma ',
      'gamma 1',
      'gamma 12',
      'gamma 1',
      'gam',
      'r',
      're',
      'rea',
      'read',
      'readm',
      're',
      'notes gam',
      'notes gamma',
      'notes',
      'ΟΔΟΣ',
      'ΟΔΟΣΑ',
      'x',
      '',
    ];
    for (const query of typed) expect(s.filter(query).hits, query).toEqual(s.fresh(query));
  });

  it('rescans only the last hits when a keystroke adds to the query', () => {
    const s = counted();
    expect(s.filter('g').looked).toBe(names.length);
    const ga = s.filter('ga');
    expect(ga.looked).toBeLessThan(names.length);
    expect(s.filter('gam').looked).toBe(ga.hits.length);
    const gamma = s.filter('gamma');
    expect(s.filter('gamma 1').looked).toBe(gamma.hits.length);
  });

  it('scans everything again when a keystroke erases or changes a word', () => {
    const s = counted();
    s.filter('gamma');
    expect(s.filter('gamm').looked).toBe(names.length);
    s.filter('notes gamma');
    expect(s.filter('notez gamma').looked).toBe(names.length);
    s.filter('gamma 12');
    expect(s.filter('gamma').looked).toBe(names.length);
  });
});

describe('FuzzySearch over items with different numbers of fields', () => {
  it('matches each item on the fields it has, as matching it alone does', () => {
    const items = [
      fuzzyFields(['gamma']),
      fuzzyFields(['alpha', 'notes/gamma', 'gamma ray']),
      fuzzyFields([]),
      fuzzyFields(['delta', undefined, 'gam']),
      fuzzyFields(['ΟΔΟΣ', 'οδοσα']),
    ];
    const search = new FuzzySearch(items, (f) => f);
    for (const query of ['gam', 'gamma r', 'a', 'οδοσ', '']) {
      const expected = items
        .map((item, index) => ({ index, match: fuzzyMatch(query, item) }))
        .filter((hit) => hit.match !== null)
        .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0) || a.index - b.index);
      const hits = search.filter(query);
      expect(
        hits.map((hit) => hit.index),
        query,
      ).toEqual(expected.map((hit) => hit.index));
      expect(
        hits.map((hit) => hit.match),
        query,
      ).toEqual(expected.map((hit) => hit.match));
    }
  });
});
