/**
 * Fuzzy matching for the resource picker and the prompt menu: every query character must
 * appear in order; contiguous runs, word starts and early positions score higher. Plain
 * loops over lower-cased strings prepared once, so thousands of items rank in a few
 * milliseconds on every keystroke.
 */

/** An item's searchable fields, lower-cased once; earlier fields weigh more. */
export interface FuzzyFields {
  /** The original strings (for highlighting). */
  readonly raw: readonly string[];
  readonly lower: readonly string[];
  /** Per field, 1 where a word starts (computed once: matching only looks it up). */
  readonly starts: readonly Uint8Array[];
}

/** Prepares an item's fields for repeated matching (undefined fields match nothing). */
export function fuzzyFields(fields: readonly (string | undefined)[]): FuzzyFields {
  const raw = fields.map((f) => f ?? '');
  const lower = raw.map((f) => f.toLowerCase());
  return { raw, lower, starts: raw.map((f, i) => wordStarts(f, lower[i])) };
}

/** Where a query matched: the field index and the matched character positions in it. */
export interface FuzzyMatch {
  score: number;
  field: number;
  positions: number[];
}

const WORD_SEPARATORS = new Set([' ', '-', '_', '/', '.', ':', '@', '#', '?', '=', '&', '(']);

/** Marks where words start: after a separator, at the start, at a camelCase hump. */
export function wordStarts(text: string, lower = text.toLowerCase()): Uint8Array {
  const starts = new Uint8Array(text.length);
  const upper = text.toUpperCase();
  // Case maps that change the length (rare scripts) only lose the camelCase humps.
  const cased = lower.length === text.length && upper.length === text.length;
  for (let i = 0; i < text.length; i++) {
    if (i === 0 || WORD_SEPARATORS.has(text[i - 1] ?? '')) starts[i] = 1;
    else if (cased) {
      const isUpper = text.charCodeAt(i) !== lower.charCodeAt(i);
      const beforeIsLower = text.charCodeAt(i - 1) !== upper.charCodeAt(i - 1);
      // camelCase boundary: "readFile" matches "f" at a word start.
      if (isUpper && beforeIsLower) starts[i] = 1;
    }
  }
  return starts;
}

/**
 * Scores one needle (already lower-cased, no spaces) against one field, or returns null when
 * the needle is not a subsequence of it. A substring match always beats a scattered one.
 * The field's word starts are `starts` from `base` on (many fields can share one array).
 */
export function scoreField(
  needle: string,
  lower: string,
  starts: Uint8Array,
  base = 0,
): FuzzyMatch | null {
  if (needle.length === 0) return { score: 0, field: 0, positions: [] };
  if (needle.length > lower.length) return null;
  const isWordStart = (index: number): boolean => starts[base + index] === 1;
  const at = lower.indexOf(needle);
  if (at >= 0) {
    // Prefer a substring that starts a word ("file" in "my-file" over "profile").
    let best = at;
    if (!isWordStart(at)) {
      for (let i = lower.indexOf(needle, at + 1); i >= 0; i = lower.indexOf(needle, i + 1)) {
        if (isWordStart(i)) {
          best = i;
          break;
        }
      }
    }
    const positions = new Array<number>(needle.length);
    for (let k = 0; k < needle.length; k++) positions[k] = best + k;
    let score = 100 + needle.length * 8 - Math.min(best, 40);
    if (isWordStart(best)) score += 30;
    if (best === 0) score += 20;
    if (needle.length === lower.length) score += 40;
    return { score, field: 0, positions };
  }
  // Most items of a specific query fail here, before any scoring work.
  if (!subsequenceFrom(needle, 0, lower, 0)) return null;
  const positions: number[] = [];
  let score = 0;
  let previous = -2;
  let from = 0;
  for (let k = 0; k < needle.length; k++) {
    const ch = needle[k] ?? '';
    // Jump to a word start holding this character when one comes before the next plain hit.
    const plain = lower.indexOf(ch, from);
    if (plain < 0) return null;
    let index = plain;
    if (plain !== previous + 1 && !isWordStart(plain)) {
      for (let i = lower.indexOf(ch, plain + 1); i >= 0; i = lower.indexOf(ch, i + 1)) {
        if (isWordStart(i)) {
          // Only worth it when the rest of the needle still fits after it.
          if (subsequenceFrom(needle, k + 1, lower, i + 1)) index = i;
          break;
        }
      }
    }
    if (index === previous + 1) score += 6;
    else if (previous >= 0) score -= Math.min(index - previous - 1, 10);
    if (isWordStart(index)) score += 10;
    positions.push(index);
    previous = index;
    from = index + 1;
  }
  return { score: score + needle.length * 2, field: 0, positions };
}

function subsequenceFrom(needle: string, k: number, lower: string, from: number): boolean {
  let at = from;
  for (let j = k; j < needle.length; j++) {
    const found = lower.indexOf(needle[j] ?? '', at);
    if (found < 0) return false;
    at = found + 1;
  }
  return true;
}

/** Weight lost per field position: a match in the name beats the same match in the URI. */
const FIELD_PENALTY = 15;

/** Matches a whole query against one item (see `matchFields`). */
export function fuzzyMatch(query: string, item: FuzzyFields): FuzzyMatch | null {
  return matchFields(queryWords(query), packFields([item]), 0);
}

/** A query's words, lower-cased: each must match some field of an item. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Many items' fields end to end, `width` per item (missing ones empty): matching reads them
 * in order from three arrays instead of through each item's own objects, which over
 * thousands of items is most of a keystroke's memory traffic.
 */
export interface PackedFields {
  readonly width: number;
  /** Item i's field f is `lower[i * width + f]`. */
  readonly lower: readonly string[];
  /** Every field's word starts, end to end; field k's begin at `startsAt[k]`. */
  readonly starts: Uint8Array;
  readonly startsAt: Uint32Array;
}

/** Packs the items' fields (see PackedFields), as many per item as the widest has. */
export function packFields(items: readonly FuzzyFields[]): PackedFields {
  let width = 0;
  for (const item of items) width = Math.max(width, item.lower.length);
  const lower = new Array<string>(items.length * width);
  const startsAt = new Uint32Array(items.length * width);
  let length = 0;
  for (let i = 0; i < items.length; i++) {
    for (let f = 0; f < width; f++) {
      const text = items[i]?.lower[f] ?? '';
      lower[i * width + f] = text;
      startsAt[i * width + f] = length;
      length += text.length;
    }
  }
  const starts = new Uint8Array(length);
  for (let i = 0; i < items.length; i++) {
    for (let f = 0; f < width; f++) {
      const own = items[i]?.starts[f];
      // As long as the lower-cased field (a case map can change the length).
      const text = lower[i * width + f] ?? '';
      if (own) starts.set(own.subarray(0, text.length), startsAt[i * width + f] ?? 0);
    }
  }
  return { width, lower, starts, startsAt };
}

/**
 * Matches a query's words against the packed item at `index`: each word must match some
 * field; the item's score adds the best field score of every word. Returns the match of the
 * first word for highlighting, or null when any word matches nothing.
 */
export function matchFields(
  words: readonly string[],
  packed: PackedFields,
  index: number,
): FuzzyMatch | null {
  if (words.length === 0) return { score: 0, field: 0, positions: [] };
  const { width, lower, starts, startsAt } = packed;
  const first = index * width;
  let total = 0;
  let firstMatch: FuzzyMatch | null = null;
  for (const word of words) {
    let best: FuzzyMatch | null = null;
    for (let f = 0; f < width; f++) {
      const match = scoreField(word, lower[first + f] ?? '', starts, startsAt[first + f] ?? 0);
      if (!match) continue;
      // The match is this call's own object: it becomes the word's best without a copy.
      match.score -= f * FIELD_PENALTY;
      match.field = f;
      if (!best || match.score > best.score) best = match;
    }
    if (!best) return null;
    total += best.score;
    firstMatch ??= best;
  }
  // `firstMatch` is this call's own object: setting its score copies nothing.
  if (firstMatch) firstMatch.score = total;
  return firstMatch;
}

/** An item that matched, with its position among all the items. */
export interface FuzzyHit<T> {
  item: T;
  match: FuzzyMatch;
  index: number;
}

interface Hit {
  match: FuzzyMatch;
  index: number;
}

const byScoreThenIndex = (a: Hit, b: Hit): number =>
  b.match.score - a.match.score || a.index - b.index;

/**
 * Hits best first, ties in item order. Scores are small integers, so a counting sort puts
 * them in order in one pass over the hits (in item order, which keeps ties stable): a
 * keystroke that matches most of 10 000 items costs 10× one over 1 000, not 13× as a
 * comparison sort's n log n would. Any other scores fall back to that sort.
 */
export function bestFirst<T extends Hit>(found: T[]): T[] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const hit of found) {
    const score = hit.match.score;
    if (!Number.isInteger(score)) return found.sort(byScoreThenIndex);
    if (score < min) min = score;
    if (score > max) max = score;
  }
  const range = max - min + 1;
  if (found.length < 2 || range > found.length * 4 + 1024) return found.sort(byScoreThenIndex);
  // starts[k]: where the hits scoring max - k begin in the result.
  const starts = new Uint32Array(range + 1);
  for (const hit of found) {
    const next = max - hit.match.score + 1;
    starts[next] = (starts[next] ?? 0) + 1;
  }
  for (let k = 1; k <= range; k++) starts[k] = (starts[k] ?? 0) + (starts[k - 1] ?? 0);
  const sorted = new Array<T>(found.length);
  for (const hit of found) {
    const bucket = max - hit.match.score;
    const at = starts[bucket] ?? 0;
    sorted[at] = hit;
    starts[bucket] = at + 1;
  }
  return sorted;
}

/** Splits a string into plain and highlighted runs for the given matched positions. */
export function highlightRuns(
  text: string,
  positions: readonly number[],
): { text: string; hit: boolean }[] {
  if (positions.length === 0) return [{ text, hit: false }];
  const hits = new Set(positions);
  const runs: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const hit = hits.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) last.text += text[i] ?? '';
    else runs.push({ text: text[i] ?? '', hit });
  }
  return runs;
}
