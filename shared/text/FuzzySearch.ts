import { bestFirst, queryWords, scanWords, type FuzzyFields, type FuzzyHit } from './fuzzy';

/**
 * Filters one list keystroke by keystroke. A query that only adds to the last one (the last
 * word longer, more words after it) can match no item the last one missed, since every word
 * must be a subsequence of some field: such a keystroke rescans only the last hits. Typing a
 * name into a picker of 10 000 resources then scans the whole list only at its first letter.
 */
export class FuzzySearch<T> {
  private lastWords: readonly string[] | undefined;
  private lastHits: Uint32Array | undefined;

  constructor(
    private readonly items: readonly T[],
    private readonly fieldsOf: (item: T) => FuzzyFields,
  ) {}

  /** Items that match `query`, best first; ties keep their original order (stable). */
  filter(query: string): FuzzyHit<T>[] {
    const words = queryWords(query);
    const among = this.lastWords && narrows(this.lastWords, words) ? this.lastHits : undefined;
    const found = scanWords(words, this.items, this.fieldsOf, among);
    // In item order, so a later narrowing keeps ties in item order too.
    const hits = new Uint32Array(found.length);
    for (let k = 0; k < found.length; k++) hits[k] = found[k]?.index ?? 0;
    this.lastWords = words;
    this.lastHits = hits;
    return words.length === 0 ? found : bestFirst(found);
  }
}

/** Whether every item matching `next` also matched `last`. */
function narrows(last: readonly string[], next: readonly string[]): boolean {
  if (next.length < last.length) return false;
  for (let i = 0; i < last.length; i++) {
    const before = last[i] ?? '';
    const now = next[i] ?? '';
    if (i === last.length - 1 ? !now.startsWith(before) : now !== before) return false;
  }
  return true;
}
