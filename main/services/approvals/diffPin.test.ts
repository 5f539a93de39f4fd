import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson';
import { diffJson } from './diffJson';
import { diffPin, MAX_SCHEMA_CHANGES } from './diffPin';
import { pinHash, pinTool } from './pinTool';

const tool = {
  name: 'search',
  description: 'Searches.',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string' }, limit: { type: 'number' } },
    required: ['q'],
  },
};

describe('pinning', () => {
  it('hashes canonical JSON: key order does not matter, content does', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
    const reordered = {
      inputSchema: {
        required: ['q'],
        properties: { limit: { type: 'number' }, q: { type: 'string' } },
        type: 'object',
      },
      description: 'Searches.',
      name: 'search',
    };
    expect(pinHash(reordered)).toBe(pinHash(tool));
    expect(pinHash({ ...tool, name: 'search2' })).not.toBe(pinHash(tool));
    expect(pinHash({ ...tool, description: 'Searches!' })).not.toBe(pinHash(tool));
    expect(pinHash({ ...tool, inputSchema: { ...tool.inputSchema, required: [] } })).not.toBe(
      pinHash(tool),
    );
  });

  it('copies the definition it pins', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    const pin = pinTool({ name: 't', inputSchema: schema });
    schema.type = 'array';
    expect(pin.inputSchema).toEqual({ type: 'object' });
    expect(pin.hash).toBe(pinHash({ name: 't', inputSchema: { type: 'object' } }));
  });
});

describe('diffJson', () => {
  it('lists added, removed and changed paths in a stable order', () => {
    expect(
      diffJson(
        { a: 1, list: ['x', 'y'], nested: { keep: true, gone: 1 }, 'odd key': 1 },
        { a: 2, list: ['x'], nested: { keep: true, fresh: [1] }, 'odd key': 1 },
      ),
    ).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'list[1]', kind: 'removed', before: 'y' },
      { path: 'nested.fresh', kind: 'added', after: [1] },
      { path: 'nested.gone', kind: 'removed', before: 1 },
    ]);
  });

  it('reports a change of kind as one changed value, and the root by name', () => {
    expect(diffJson({ a: { b: 1 } }, { a: [1] })).toEqual([
      { path: 'a', kind: 'changed', before: { b: 1 }, after: [1] },
    ]);
    expect(diffJson(1, 2)).toEqual([{ path: '(root)', kind: 'changed', before: 1, after: 2 }]);
    expect(diffJson({ 'my key': 1 }, {})).toEqual([
      { path: '["my key"]', kind: 'removed', before: 1 },
    ]);
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});

describe('diffPin', () => {
  const pin = pinTool(tool);

  it('is undefined while the pin holds', () => {
    expect(diffPin(pin, 5, { ...tool })).toBeUndefined();
  });

  it('names every changed field with before and after', () => {
    const change = diffPin(pin, 5, {
      name: 'search',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    });
    expect(change).toEqual({
      changed: ['description', 'inputSchema'],
      name: { before: 'search', after: 'search' },
      description: { before: 'Searches.' },
      inputSchema: [
        { path: 'properties.limit', kind: 'removed', before: { type: 'number' } },
        { path: 'required', kind: 'removed', before: ['q'] },
      ],
      omittedSchemaChanges: 0,
      pinnedAt: 5,
    });
    expect(diffPin(pin, 5, { ...tool, name: 'find' })?.changed).toEqual(['name']);
  });

  it('bounds the schema diff', () => {
    const properties = Object.fromEntries(
      Array.from({ length: MAX_SCHEMA_CHANGES + 7 }, (_, i) => [`p${i}`, { type: 'string' }]),
    );
    const change = diffPin(pin, 5, { ...tool, inputSchema: { ...tool.inputSchema, properties } });
    expect(change?.inputSchema).toHaveLength(MAX_SCHEMA_CHANGES);
    // 107 added, 2 removed (limit, q).
    expect(change?.omittedSchemaChanges).toBe(9);
  });

  it('still reports a mismatch nothing visible explains, so the grant fails closed', () => {
    expect(diffPin({ ...pin, hash: 'from-an-older-rule' }, 5, tool)?.changed).toEqual([
      'inputSchema',
    ]);
  });
});
