import { describe, expect, it } from 'vitest';
import { JsonReply, objectJson } from './JsonReply';

describe('objectJson', () => {
  it('writes the plain properties and splices the JSON ones in as they are', () => {
    const text = objectJson(
      { id: 'a"b', n: 1, skipped: undefined },
      { content: '[{"type":"text","text":"x\\ny"}]', 'odd "key"': 'null' },
    );
    expect(JSON.parse(text)).toEqual({
      id: 'a"b',
      n: 1,
      content: [{ type: 'text', text: 'x\ny' }],
      'odd "key"': null,
    });
  });

  it('works with nothing plain, and with nothing spliced', () => {
    expect(objectJson({}, { a: '[1]' })).toBe('{"a":[1]}');
    expect(objectJson({ a: 1 }, {})).toBe('{"a":1}');
    expect(objectJson({}, {})).toBe('{}');
  });
});

describe('JsonReply', () => {
  it('parses to its value, and serializes as it in a plain JSON.stringify', () => {
    const reply = JsonReply.fromText<{ a: number[] }>('{"a":[1,2]}');
    expect(reply.parse()).toEqual({ a: [1, 2] });
    expect(JSON.stringify({ ok: true, value: reply })).toBe('{"ok":true,"value":{"a":[1,2]}}');
  });
});
