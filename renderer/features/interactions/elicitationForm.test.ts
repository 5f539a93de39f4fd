import { describe, expect, it } from 'vitest';
import {
  buildContent,
  elicitationForm,
  fieldIssue,
  initialValues,
  toLocalInput,
  type ElicitField,
} from './elicitationForm';
import { everythingSchema } from './interactionFixtures';

const form = elicitationForm(everythingSchema);
const field = (name: string): ElicitField => {
  const found = form.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('elicitationForm', () => {
  it('makes one field per property, of the fitting kind, in order', () => {
    expect(form.unsupported).toEqual([]);
    expect(form.fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['check', 'boolean'],
      ['firstLine', 'text'],
      ['email', 'text'],
      ['homepage', 'text'],
      ['birthdate', 'text'],
      ['integer', 'number'],
      ['number', 'number'],
      ['untitledSingleSelectEnum', 'select'],
      ['untitledMultipleSelectEnum', 'multi'],
      ['titledSingleSelectEnum', 'select'],
      ['titledMultipleSelectEnum', 'multi'],
      ['legacyTitledEnum', 'select'],
    ]);
    expect(field('name')).toMatchObject({ label: 'String', required: true });
    expect(field('check')).toMatchObject({ required: false, description: 'Agree to the terms' });
    expect(field('email')).toMatchObject({ format: 'email' });
    expect(field('homepage')).toMatchObject({ format: 'uri' });
    expect(field('birthdate')).toMatchObject({ format: 'date' });
    expect(field('integer')).toMatchObject({ integer: true, minimum: 1, maximum: 100 });
    expect(field('number')).toMatchObject({ integer: false, minimum: 0, maximum: 1000 });
  });

  it('reads plain, titled (oneOf/anyOf) and legacy (enumNames) options', () => {
    expect(field('untitledSingleSelectEnum')).toMatchObject({
      options: [
        { value: 'Monica', label: 'Monica' },
        { value: 'Rachel', label: 'Rachel' },
        { value: 'Joey', label: 'Joey' },
      ],
    });
    expect(field('titledSingleSelectEnum')).toMatchObject({
      options: [
        { value: 'hero-1', label: 'Superman' },
        { value: 'hero-2', label: 'Green Lantern' },
      ],
    });
    expect(field('legacyTitledEnum')).toMatchObject({
      options: [
        { value: 'pet-1', label: 'Cats' },
        { value: 'pet-2', label: 'Dogs' },
      ],
    });
    expect(field('untitledMultipleSelectEnum')).toMatchObject({ minItems: 1, maxItems: 2 });
    expect(field('titledMultipleSelectEnum')).toMatchObject({
      options: [
        { value: 'fish-1', label: 'Tuna' },
        { value: 'fish-2', label: 'Salmon' },
      ],
    });
  });

  it('pre-fills defaults and leaves the rest empty', () => {
    expect(initialValues(form.fields)).toEqual({
      name: '',
      check: false,
      firstLine: 'It was a dark night.',
      email: '',
      homepage: '',
      birthdate: '',
      integer: '42',
      number: '3.14',
      untitledSingleSelectEnum: 'Monica',
      untitledMultipleSelectEnum: ['Guitar'],
      titledSingleSelectEnum: 'hero-1',
      titledMultipleSelectEnum: ['fish-1'],
      legacyTitledEnum: 'pet-1',
    });
  });

  it('sends values with their schema types; empty optional fields are left out', () => {
    const values = {
      ...initialValues(form.fields),
      name: 'Ada',
      check: true,
      email: 'ada@example.com',
      birthdate: '1815-12-10',
      integer: '7',
      untitledMultipleSelectEnum: ['Violin', 'Guitar'],
    };
    expect(buildContent(form.fields, values)).toEqual({
      ok: true,
      content: {
        name: 'Ada',
        check: true,
        firstLine: 'It was a dark night.',
        email: 'ada@example.com',
        birthdate: '1815-12-10',
        integer: 7,
        number: 3.14,
        untitledSingleSelectEnum: 'Monica',
        // In the schema's order, whatever order they were ticked in.
        untitledMultipleSelectEnum: ['Guitar', 'Violin'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    });
  });

  it('reports every problem with its limit', () => {
    const values = {
      ...initialValues(form.fields),
      email: 'not-an-email',
      homepage: 'example.com',
      birthdate: '2024-02-30',
      integer: '4.5',
      number: '1001',
      untitledMultipleSelectEnum: ['Guitar', 'Piano', 'Violin'],
    };
    const result = buildContent(form.fields, values);
    expect(result).toEqual({
      ok: false,
      errors: {
        name: { code: 'required' },
        email: { code: 'email' },
        homepage: { code: 'uri' },
        birthdate: { code: 'date' },
        integer: { code: 'notInteger' },
        number: { code: 'tooLarge', limit: 1000 },
        untitledMultipleSelectEnum: { code: 'tooMany', limit: 2 },
      },
    });
    expect(fieldIssue(field('integer'), '0')).toEqual({ code: 'tooSmall', limit: 1 });
    expect(fieldIssue(field('number'), 'abc')).toEqual({ code: 'notNumber' });
    // Optional: nothing chosen means the field is left out, minItems notwithstanding.
    expect(fieldIssue(field('untitledMultipleSelectEnum'), [])).toBeUndefined();
    expect(fieldIssue(field('homepage'), 'https://example.com/me')).toBeUndefined();
  });

  it('checks string lengths in characters (code points) and multi-select minimums', () => {
    const { fields } = elicitationForm({
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 2, maxLength: 3 },
        tags: { type: 'array', minItems: 2, items: { enum: ['a', 'b', 'c'] } },
      },
      required: ['tags'],
    });
    const [code, tags] = fields as [ElicitField, ElicitField];
    expect(fieldIssue(code, 'x')).toEqual({ code: 'tooShort', limit: 2 });
    expect(fieldIssue(code, 'abcd')).toEqual({ code: 'tooLong', limit: 3 });
    expect(fieldIssue(code, '😀😀😀')).toBeUndefined();
    expect(fieldIssue(tags, ['a'])).toEqual({ code: 'tooFew', limit: 2 });
    expect(fieldIssue(tags, ['a', 'c'])).toBeUndefined();
    expect(fieldIssue(tags, [])).toEqual({ code: 'required' });
  });

  it('turns a local date-time into RFC 3339, and a default back into the input format', () => {
    const { fields } = elicitationForm({
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time', default: '2025-03-04T05:06:00.000Z' },
      },
    });
    const values = initialValues(fields);
    expect(values.at).toBe(toLocalInput('2025-03-04T05:06:00.000Z'));
    expect(buildContent(fields, values)).toEqual({
      ok: true,
      content: { at: '2025-03-04T05:06:00.000Z' },
    });
    expect(buildContent(fields, { at: 'yesterday' })).toEqual({
      ok: false,
      errors: { at: { code: 'dateTime' } },
    });
  });

  it('lists what it cannot express instead of sending it', () => {
    const { fields, unsupported } = elicitationForm({
      type: 'object',
      properties: { nested: { type: 'object' }, ok: { type: 'boolean', default: true } },
    });
    expect(unsupported).toEqual(['nested']);
    expect(buildContent(fields, initialValues(fields))).toEqual({
      ok: true,
      content: { ok: true },
    });
  });

  it('a required select without a default starts empty and must be chosen', () => {
    const { fields } = elicitationForm({
      type: 'object',
      properties: { size: { type: 'string', enum: ['S', 'M'] } },
      required: ['size'],
    });
    const values = initialValues(fields);
    expect(values.size).toBe('');
    expect(buildContent(fields, values)).toEqual({
      ok: false,
      errors: { size: { code: 'required' } },
    });
    expect(buildContent(fields, { size: 'XL' })).toEqual({
      ok: false,
      errors: { size: { code: 'notOption' } },
    });
  });
});
