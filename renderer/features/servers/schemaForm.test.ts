import { describe, expect, it } from 'vitest';
import { buildArguments } from './buildArguments';
import { formFields, initialValues, jsonSkeleton, parseJsonArguments } from './schemaForm';

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

  it('leaves only a top that is not an object to the JSON editor', () => {
    expect(formFields({ anyOf: [{ type: 'object' }] })).toBeNull();
    expect(formFields({ type: 'string' })).toBeNull();
  });

  it('makes lists, groups and JSON boxes of what is not flat', () => {
    // server-memory's create_entities, server-filesystem's edit_file, and some unions.
    const fields = formFields({
      type: 'object',
      properties: {
        entities: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              observations: { type: 'array', items: { type: 'string' } },
            },
            required: ['name'],
          },
        },
        owner: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Who' },
        u: { type: ['string', 'number'] },
        map: { type: 'object', additionalProperties: { type: 'string' } },
        list: { type: 'array' },
      },
      required: ['entities'],
    });
    const [entities, owner, u, map, list] = fields ?? [];
    expect(entities?.kind).toBe('array');
    expect(entities?.item?.kind).toBe('object');
    expect(entities?.item?.fields?.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'string', true],
      ['observations', 'array', false],
    ]);
    // "Optional" written as a union with null is just the type, with the outer words.
    expect([owner?.kind, owner?.description]).toEqual(['string', 'Who']);
    expect([u?.kind, map?.kind, list?.kind]).toEqual(['json', 'json', 'json']);
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

describe('buildArguments of lists and groups', () => {
  const fields =
    formFields({
      type: 'object',
      properties: {
        paths: { type: 'array', items: { type: 'string' } },
        edits: {
          type: 'array',
          items: {
            type: 'object',
            properties: { oldText: { type: 'string' }, newText: { type: 'string' } },
            required: ['oldText', 'newText'],
          },
        },
        options: { type: 'object', properties: { depth: { type: 'integer' } } },
        extra: { oneOf: [{ type: 'string' }, { type: 'object' }] },
      },
      required: ['paths'],
    }) ?? [];

  it('sends rows in order, leaves out empty rows and untouched optional groups', () => {
    const values = {
      ...initialValues(fields),
      paths: ['/a', '', '/b'],
      edits: [{ oldText: 'x', newText: 'y' }],
      extra: '{"any": ["thing"]}',
    };
    expect(buildArguments(fields, values)).toEqual({
      ok: true,
      args: {
        paths: ['/a', '/b'],
        edits: [{ oldText: 'x', newText: 'y' }],
        extra: { any: ['thing'] },
      },
    });
    // A required list may be empty; it is still sent.
    expect(buildArguments(fields, initialValues(fields))).toEqual({
      ok: true,
      args: { paths: [] },
    });
  });

  it('names the row and field that are wrong', () => {
    const values = {
      ...initialValues(fields),
      edits: [{ oldText: 'x', newText: '' }],
      options: { depth: '1.5' },
      extra: '{broken',
    };
    expect(buildArguments(fields, values)).toEqual({
      ok: false,
      errors: {
        'edits[0].newText': 'required',
        'options.depth': 'notInteger',
        extra: 'invalidJson',
      },
    });
  });

  it('fills a form from JSON arguments (switching from the JSON editor)', () => {
    const values = initialValues(fields, { paths: ['/x'], options: { depth: 2 }, extra: 'hi' });
    expect(values.paths).toEqual(['/x']);
    expect(values.options).toEqual({ depth: '2' });
    expect(values.extra).toBe('"hi"');
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
