import { describe, expect, it } from 'vitest';
import { MODEL_TOOL_NAME, modelToolName } from './modelToolName';

describe('modelToolName', () => {
  it('keeps exact names readable', () => {
    expect(modelToolName('fs', 'read_file')).toBe('fs__read_file');
    expect(modelToolName('my-server', 'get-thing')).toBe('my-server__get-thing');
  });

  it('always satisfies the model API rule', () => {
    const names = [
      ['a.b', 'c.d'],
      ['服务器', '工具'],
      ['x'.repeat(80), 'y'.repeat(80)],
      ['', ''],
      ['s', 'tool with spaces / and slashes'],
    ];
    for (const [server, tool] of names) {
      expect(modelToolName(server ?? '', tool ?? '')).toMatch(MODEL_TOOL_NAME);
    }
  });

  it('separates pairs that sanitize to the same text', () => {
    const a = modelToolName('a.b', 'c');
    const b = modelToolName('a_b', 'c');
    const c = modelToolName('a', 'b.c');
    expect(b).toBe('a_b__c');
    expect(new Set([a, b, c]).size).toBe(3);
    // "a__b" + "c" and "a" + "b__c" would both read a__b__c: the ambiguous one is hashed.
    expect(modelToolName('a__b', 'c')).not.toBe(modelToolName('a', 'b__c'));
  });

  it('is stable: same pair, same name', () => {
    expect(modelToolName('srv.v2', 'do.it')).toBe(modelToolName('srv.v2', 'do.it'));
    expect(modelToolName('x'.repeat(70), 't')).toHaveLength(64);
  });

  it('gives 1000 generated colliding pairs distinct names', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++)
      seen.add(modelToolName(`srv.${i % 10}`, `tool.${Math.floor(i / 10)}`));
    expect(seen.size).toBe(1000);
  });
});
