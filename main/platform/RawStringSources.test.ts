import { describe, expect, it } from 'vitest';
import {
  RAW_STRING_MIN_CHARS,
  RawStringSources,
  parseRememberingSources,
} from './RawStringSources';

/** A large string with what JSON escapes: quotes, backslashes, newlines, controls, non-ASCII. */
function large(seed: string): string {
  return `${seed} "q" \\ \n\t\u0001 naïve — 😀 `.repeat(Math.ceil(RAW_STRING_MIN_CHARS / 10));
}

describe('RawStringSources', () => {
  it('keeps the source text of a large string parsed from a line, which parses back to it', () => {
    const sources = new RawStringSources();
    const text = large('a');
    const line = JSON.stringify({ id: 1, result: { content: [{ type: 'text', text }, 'small'] } });
    const value = parseRememberingSources(line, sources);
    expect(JSON.stringify(value) === line).toBe(true);
    const parsed = value as { result: { content: [{ text: string }, string] } };
    const source = sources.sourceOf(parsed.result.content[0].text);
    expect(source).toBeDefined();
    expect(JSON.parse(source ?? '""') === text).toBe(true);
    // Small strings are cheap to write again: not kept.
    expect(sources.size).toBe(1);
    expect(sources.sourceOf('small')).toBeUndefined();
  });

  it('lets go of what it keeps: after a few seconds, and the oldest beyond a few entries', () => {
    let now = 0;
    const sources = new RawStringSources(() => now);
    const first = large('first');
    sources.remember(first, JSON.stringify(first));
    now = 9_000;
    expect(sources.sourceOf(first) === JSON.stringify(first)).toBe(true);
    now = 10_001;
    expect(sources.sourceOf(first)).toBeUndefined();
    expect(sources.size).toBe(0);

    const many = Array.from({ length: 10 }, (_, i) => large(String(i)));
    for (const text of many) sources.remember(text, JSON.stringify(text));
    expect(sources.size).toBe(8);
    expect(sources.sourceOf(many[0] ?? '')).toBeUndefined();
    expect(sources.sourceOf(many[9] ?? '') === JSON.stringify(many[9])).toBe(true);
    now += 20_000;
    sources.prune();
    expect(sources.size).toBe(0);
  });
});
