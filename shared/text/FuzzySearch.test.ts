import { describe, expect, it } from 'vitest';
import { fuzzyFields, fuzzyFilter, type FuzzyFields } from './fuzzy';
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

/** A search over `names` that counts how many items each keystroke looked at. */
function counted() {
  const fields = names.map((n) => fuzzyFields([n, `file:///docs/${n}`]));
  let looked = 0;
  const counting = new FuzzySearch(
    names.map((_, i) => i),
    (i) => {
      looked++;
      return fields[i] as FuzzyFields;
    },
  );
  return {
    filter: (query: string) => {
      looked = 0;
      const hits = counting.filter(query).map((h) => names[h.item]);
      return { hits, looked };
    },
    fresh: (query: string) =>
      fuzzyFilter(query, names, (n) => fields[names.indexOf(n)] as FuzzyFields).map((h) => h.item),
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
