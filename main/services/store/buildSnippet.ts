import type { SnippetPart } from './ConversationRecord';

/**
 * A window of `text` around the first match of any term, split into plain and matched parts.
 * Done here rather than with FTS5's snippet() so both search modes and all term lengths mark
 * matches the same way, and the UI gets structure instead of markup to parse.
 */
export function buildSnippet(text: string, terms: readonly string[], radius = 60): SnippetPart[] {
  const pattern = matcher(terms);
  if (pattern) pattern.lastIndex = 0;
  const first = pattern ? pattern.exec(text) : null;
  let start = 0;
  let end = Math.min(text.length, radius * 2);
  if (first) {
    start = Math.max(0, first.index - radius);
    end = Math.min(text.length, first.index + first[0].length + radius);
  }
  // Do not cut a surrogate pair in half at either edge.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start -= 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end += 1;
  const window = text.slice(start, end).replace(/\s+/gu, ' ');
  const parts = markMatches(window, pattern);
  if (start > 0) parts.unshift({ text: '…', match: false });
  if (end < text.length) parts.push({ text: '…', match: false });
  return mergePlain(parts);
}

/** `text` split into parts with every occurrence of a term marked. */
export function markMatches(text: string, pattern: RegExp | null): SnippetPart[] {
  if (!pattern) return [{ text, match: false }];
  const parts: SnippetPart[] = [];
  let last = 0;
  // matchAll starts where the pattern's lastIndex stands; an earlier exec may have moved it.
  pattern.lastIndex = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** A case-insensitive pattern for any of the terms, longest first; null without terms. */
export function matcher(terms: readonly string[]): RegExp | null {
  const sorted = [...terms].filter((t) => t !== '').sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return null;
  const escaped = sorted.map((term) => term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  return new RegExp(escaped.join('|'), 'giu');
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function mergePlain(parts: SnippetPart[]): SnippetPart[] {
  const merged: SnippetPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (previous && !previous.match && !part.match) previous.text += part.text;
    else if (part.text !== '') merged.push({ ...part });
  }
  return merged;
}
