import { describe, expect, it } from 'vitest';
import { validateElicitation, withDefaults } from './validateElicitation';

const schema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    nick: { type: 'string', minLength: 2, maxLength: 4 },
    count: { type: 'integer', minimum: 1, maximum: 3, default: 2 },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    ok: { type: 'boolean', default: false },
    plain: { type: 'string', enum: ['a', 'b'] },
    titled: { type: 'string', oneOf: [{ const: 'x', title: 'X' }] },
    legacy: { type: 'string', enum: ['p1', 'p2'], enumNames: ['One', 'Two'] },
    many: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { type: 'string', enum: ['r', 's', 't'] },
    },
    manyTitled: { type: 'array', items: { anyOf: [{ const: 'k', title: 'K' }] } },
  },
  required: ['email'],
};

describe('validateElicitation', () => {
  it('accepts well-typed answers of every kind', () => {
    expect(
      validateElicitation(schema, {
        email: 'a@b.co',
        site: 'https://x.example/path',
        day: '2024-02-29',
        at: '2026-01-31T09:30:00.5+01:00',
        nick: '😀😀',
        count: 3,
        ratio: 0.5,
        ok: true,
        plain: 'b',
        titled: 'x',
        legacy: 'p2',
        many: ['r', 't'],
        manyTitled: ['k'],
      }),
    ).toEqual({});
  });

  it('names each problem by field and coerces nothing', () => {
    expect(
      validateElicitation(schema, {
        email: 'a@b',
        site: 'example.com',
        day: '2023-02-29',
        at: '2026-01-31 09:30',
        nick: 'abcde',
        count: 2.5,
        ratio: '0.5',
        ok: 'true',
        plain: 'c',
        titled: 'X',
        legacy: 'One',
        many: ['r', 's', 't'],
        manyTitled: ['K'],
      }),
    ).toEqual({
      email: 'Not an email address.',
      site: 'Not a URI (for example https://example.com).',
      day: 'Not a date (YYYY-MM-DD).',
      at: 'Not a date and time (e.g. 2026-01-31T09:30:00Z).',
      nick: 'At most 4 characters.',
      count: 'Must be a whole number.',
      ratio: 'Must be a number.',
      ok: 'Must be yes or no.',
      plain: 'Choose one of the offered options.',
      titled: 'Choose one of the offered options.',
      legacy: 'Choose one of the offered options.',
      many: 'Choose at most 2.',
      manyTitled: 'Choose from the offered options.',
    });
  });

  it('reports required fields, unknown fields and repeated choices', () => {
    expect(validateElicitation(schema, { email: '', extra: 'x', many: ['r', 'r'] })).toEqual({
      email: 'Required.',
      extra: 'This form has no such field.',
      many: 'Each option at most once.',
    });
    expect(validateElicitation(schema, { email: 'a@b.co', many: [] })).toEqual({
      many: 'Choose at least 1.',
    });
  });

  it('fills defaults under the given answers', () => {
    expect(withDefaults(schema, { count: 3 })).toEqual({ count: 3, ok: false });
  });
});
