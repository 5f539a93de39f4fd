import { describe, expect, it } from 'vitest';
import { parseSearchQuery, toFtsExpression, toLikePattern } from './parseSearchQuery';

describe('parseSearchQuery', () => {
  it('splits on whitespace, keeps quoted phrases and sorts terms by trigram reach', () => {
    expect(parseSearchQuery('  hello "big world"  天气 颐和园 hello ')).toEqual({
      indexed: ['hello', 'big world', '颐和园'],
      short: ['天气'],
    });
    expect(parseSearchQuery('a 😀😀')).toEqual({ indexed: [], short: ['a', '😀😀'] });
  });

  it('quotes FTS terms and escapes LIKE wildcards', () => {
    expect(toFtsExpression(['say "hi"', 'NEAR'])).toBe('"say ""hi""" AND "NEAR"');
    expect(toLikePattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
