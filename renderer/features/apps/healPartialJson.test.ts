import { describe, expect, it } from 'vitest';
import { healPartialJson } from './healPartialJson';

describe('healPartialJson', () => {
  it('closes what is open and keeps every complete member', () => {
    expect(healPartialJson('')).toBeUndefined();
    expect(healPartialJson('{')).toEqual({});
    expect(healPartialJson('{"city": "Par')).toEqual({ city: 'Par' });
    expect(healPartialJson('{"city": "Paris", "days": [1, 2')).toEqual({
      city: 'Paris',
      days: [1, 2],
    });
    expect(healPartialJson('{"a": {"b": [{"c": "x\\"y')).toEqual({ a: { b: [{ c: 'x"y' }] } });
  });

  it('leaves out a member that cannot be completed yet', () => {
    expect(healPartialJson('{"a": 1, "b')).toEqual({ a: 1 });
    expect(healPartialJson('{"a": 1, "b":')).toEqual({ a: 1 });
    expect(healPartialJson('{"a": tr')).toEqual({});
    expect(healPartialJson('{"a": "x\\')).toEqual({ a: 'x' });
    expect(healPartialJson('{"a": 1,')).toEqual({ a: 1 });
  });

  it('gives the whole input once it is complete, and nothing for non-objects', () => {
    const whole = { q: 'weather', n: 3, ok: true, nested: { list: ['a', 'b'] } };
    expect(healPartialJson(JSON.stringify(whole))).toEqual(whole);
    expect(healPartialJson('[1, 2')).toBeUndefined();
    expect(healPartialJson('"text')).toBeUndefined();
  });
});
