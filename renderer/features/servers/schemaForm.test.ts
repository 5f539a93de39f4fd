import { describe, expect, it } from 'vitest';
import {
  buildArguments,
  formFields,
  initialValues,
  jsonSkeleton,
  parseJsonArguments,
} from './schemaForm';

const schema = {
  type: 'object',
  properties: {
    text: { type: 'string', description: 'What to echo' },
    times: { type: 'integer', default: 2 },
    ratio: { type: ['number', 'null'] },
    loud: { type: 'boolean' },
    mode: { enum: ['a', 'b', 3] },
  },
  required: ['text', 'loud'],
};

describe('formFields', () => {
  it('turns a flat schema into fields, required marked', () => {
    const fields = formFields(schema);
    expect(fields?.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['text', 'string', true],
      ['times', 'integer', false],
      ['ratio', 'number', false],
      ['loud', 'boolean', true],
      ['mode', 'enum', false],
    ]);
    expect(fields?.[0]?.description).toBe('What to echo');
    expect(fields?.[4]?.options).toEqual(['a', 'b', 3]);
  });

  it('gives up (JSON editor instead) on anything a form cannot say', () => {
    expect(formFields({ type: 'object', properties: { list: { type: 'array' } } })).toBeNull();
    expect(formFields({ type: 'object', properties: { o: { type: 'object' } } })).toBeNull();
    expect(formFields({ anyOf: [{ type: 'object' }] })).toBeNull();
    expect(
      formFields({ type: 'object', properties: { u: { type: ['string', 'number'] } } }),
    ).toBeNull();
    expect(formFields({ type: 'string' })).toBeNull();
  });

  it('accepts a schema without properties (a tool without arguments)', () => {
    expect(formFields({ type: 'object' })).toEqual([]);
  });
});

describe('buildArguments', () => {
  const fields = formFields(schema) ?? [];

  it('starts from defaults and leaves out empty optional fields', () => {
    const values = { ...initialValues(fields), text: 'hi' };
    expect(buildArguments(fields, values)).toEqual({
      ok: true,
      args: { text: 'hi', times: 2, loud: false },
    });
  });

  it('types numbers, booleans and enum values', () => {
    const values = { text: 'x', times: '3', ratio: '0.5', loud: true, mode: '2' };
    expect(buildArguments(fields, values)).toEqual({
      ok: true,
      args: { text: 'x', times: 3, ratio: 0.5, loud: true, mode: 3 },
    });
  });

  it('says which fields are wrong', () => {
    const values = { text: '', times: '1.5', ratio: 'abc', loud: false, mode: '' };
    expect(buildArguments(fields, values)).toEqual({
      ok: false,
      errors: { text: 'required', times: 'notInteger', ratio: 'notNumber' },
    });
  });
});

describe('JSON arguments', () => {
  it('parses an object and refuses anything else', () => {
    expect(parseJsonArguments('{"a":[1]}')).toEqual({ ok: true, args: { a: [1] } });
    expect(parseJsonArguments('')).toEqual({ ok: true, args: {} });
    expect(parseJsonArguments('[1]')).toEqual({ ok: false, error: 'notObject' });
    expect(parseJsonArguments('{').ok).toBe(false);
  });

  it('offers a skeleton with the required properties', () => {
    const skeleton = JSON.parse(
      jsonSkeleton({
        type: 'object',
        properties: { q: { type: 'string' }, n: { type: 'array' }, x: { type: 'number' } },
        required: ['q', 'n'],
      }),
    ) as unknown;
    expect(skeleton).toEqual({ q: '', n: [] });
  });
});
