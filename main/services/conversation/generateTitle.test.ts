import { describe, expect, it } from 'vitest';
import { cleanTitle } from './generateTitle';

describe('cleanTitle', () => {
  it('keeps the first line, without labels, quotes or trailing punctuation', () => {
    expect(cleanTitle('"Weather in Paris."\nExtra words')).toBe('Weather in Paris');
    expect(cleanTitle('Title: Trip planning')).toBe('Trip planning');
    expect(cleanTitle('「巴黎天气查询」。')).toBe('巴黎天气查询');
    expect(cleanTitle('标题：周末计划')).toBe('周末计划');
  });

  it('gives nothing for an empty answer and caps a long one', () => {
    expect(cleanTitle('  \n ')).toBeUndefined();
    expect(cleanTitle('x'.repeat(200))).toHaveLength(80);
  });
});
