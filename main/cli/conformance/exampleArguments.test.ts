import { describe, expect, it } from 'vitest';
import { exampleArguments } from './exampleArguments';

describe('exampleArguments', () => {
  it('fills required properties only, by declared type', () => {
    expect(
      exampleArguments({
        type: 'object',
        properties: {
          region: { type: 'string' },
          count: { type: 'integer' },
          ratio: { type: 'number', minimum: 0.5 },
          flag: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
          nothing: { type: 'null' },
          optional: { type: 'string' },
        },
        required: ['region', 'count', 'ratio', 'flag', 'tags', 'nothing'],
      }),
    ).toEqual({ region: 'example', count: 1, ratio: 0.5, flag: true, tags: [], nothing: null });
  });

  it("prefers the schema's own default, const and enum values", () => {
    expect(
      exampleArguments({
        type: 'object',
        properties: {
          a: { type: 'string', default: 'dflt' },
          b: { const: 7 },
          c: { type: 'string', enum: ['x', 'y'] },
        },
        required: ['a', 'b', 'c'],
      }),
    ).toEqual({ a: 'dflt', b: 7, c: 'x' });
  });

  it('builds nested objects and reads nullable type lists', () => {
    expect(
      exampleArguments({
        type: 'object',
        properties: {
          point: {
            type: 'object',
            properties: { x: { type: ['null', 'number'] } },
            required: ['x'],
          },
        },
        required: ['point'],
      }),
    ).toEqual({ point: { x: 1 } });
  });

  it('copes with schemas that are not plain objects', () => {
    expect(exampleArguments(undefined)).toEqual({});
    expect(exampleArguments({ type: 'object' })).toEqual({});
    expect(exampleArguments({ required: ['x', 3] })).toEqual({ x: 'example' });
  });
});
