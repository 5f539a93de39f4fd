import { describe, expect, it } from 'vitest';
import {
  completionContext,
  filledArguments,
  missingRequired,
  promptFields,
  templateFields,
} from './argumentForm';

describe('resource template form', () => {
  it('reads the variables of simple templates in order', () => {
    expect(templateFields('demo://resource/dynamic/text/{resourceId}')).toEqual([
      { name: 'resourceId', required: true },
    ]);
    expect(templateFields('repo://{owner}/{repo}/blob/{+path}')).toEqual([
      { name: 'owner', required: true },
      { name: 'repo', required: true },
      { name: 'path', required: true },
    ]);
  });

  it('understands operators, lists and modifiers; query and fragment are optional', () => {
    expect(templateFields('search://{/segments*}{?q,limit:3}{#section}')).toEqual([
      { name: 'segments', required: true },
      { name: 'q', required: false },
      { name: 'limit', required: false },
      { name: 'section', required: false },
    ]);
  });

  it('lists a repeated variable once (required if any use is)', () => {
    expect(templateFields('x://{?id}/{id}/{id}')).toEqual([{ name: 'id', required: true }]);
  });

  it('skips malformed expressions and keeps dotted and percent-encoded names', () => {
    expect(templateFields('x://{}/{a b}/{ok.name}/{%41x}/{')).toEqual([
      { name: 'ok.name', required: true },
      { name: '%41x', required: true },
    ]);
    expect(templateFields('file:///static/readme.md')).toEqual([]);
  });
});

describe('argument values', () => {
  const fields = [
    { name: 'department', required: true },
    { name: 'name', required: true },
    { name: 'note', required: false },
  ];

  it('lists required fields still empty', () => {
    expect(missingRequired(fields, {})).toEqual(['department', 'name']);
    expect(missingRequired(fields, { department: 'Sales', name: '  ' })).toEqual(['name']);
    expect(missingRequired(fields, { department: 'Sales', name: 'Eve' })).toEqual([]);
  });

  it('sends filled values as typed and leaves empty ones out', () => {
    expect(filledArguments(fields, { department: ' Sales', name: '', note: '' })).toEqual({
      department: ' Sales',
    });
  });

  it('gives a completion the other filled arguments as context, never the current one', () => {
    const values = { department: 'Engineering', name: 'Al', note: '' };
    expect(completionContext(fields, values, 'name')).toEqual({ department: 'Engineering' });
    expect(completionContext(fields, values, 'department')).toEqual({ name: 'Al' });
  });

  it('turns prompt arguments into fields, required marked', () => {
    expect(
      promptFields({
        name: 'args-prompt',
        arguments: [
          { name: 'city', description: 'Name of the city', required: true },
          { name: 'state' },
        ],
      }),
    ).toEqual([
      { name: 'city', description: 'Name of the city', required: true },
      { name: 'state', required: false },
    ]);
  });
});
