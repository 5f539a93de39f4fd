/** A search query split into terms, each matched as a case-insensitive substring. */
export interface ParsedSearchQuery {
  /** Terms of 3+ characters: answered by the trigram index. */
  indexed: string[];
  /** Shorter terms (common in Chinese: 天气): the trigram index cannot match them; LIKE does. */
  short: string[];
}

/** Trigram tokens are three characters; shorter terms never match the index. */
const TRIGRAM = 3;

/**
 * Splits a query on whitespace into terms that must all occur; "double quotes" keep a phrase
 * with spaces together. Nothing in the query is FTS syntax — people type words, not operators.
 * Control characters count as spaces.
 */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  const terms: string[] = [];
  const pattern = /"([^"]*)"|(\S+)/gu;
  // Control characters separate words: nobody searches for them, and a NUL ends SQLite's
  // reading of the FTS expression mid-string. Lone surrogates cannot be bound as UTF-8 either.
  const text = query.replace(/[\p{Cc}\p{Cs}]/gu, ' ');
  for (const match of text.matchAll(pattern)) {
    const term = (match[1] ?? match[2] ?? '').trim();
    if (term !== '' && !terms.includes(term)) terms.push(term);
  }
  const indexed: string[] = [];
  const short: string[] = [];
  for (const term of terms) (Array.from(term).length >= TRIGRAM ? indexed : short).push(term);
  return { indexed, short };
}

/** An FTS5 MATCH expression: every term as a quoted string (so no term is read as syntax). */
export function toFtsExpression(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' AND ');
}

/** A LIKE pattern matching `term` anywhere; use with ESCAPE '\'. */
export function toLikePattern(term: string): string {
  return `%${term.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}
