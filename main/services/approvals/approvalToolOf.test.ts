import { describe, expect, it } from 'vitest';
import { approvalToolOf } from './approvalToolOf';

describe('approvalToolOf', () => {
  it('keeps what an approval shows and pins, and drops the rest of the definition', () => {
    const listed = {
      name: 'write_file',
      title: 'Write file',
      description: 'Writes a file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      annotations: { destructiveHint: true },
      outputSchema: { type: 'object' },
      _meta: { 'example/key': 1 },
    };
    expect(approvalToolOf(listed)).toStrictEqual({
      name: 'write_file',
      title: 'Write file',
      description: 'Writes a file',
      inputSchema: listed.inputSchema,
      annotations: { destructiveHint: true },
    });
  });

  it('has no keys for fields the tool lacks', () => {
    expect(Object.keys(approvalToolOf({ name: 'ping', inputSchema: { type: 'object' } }))).toEqual([
      'name',
      'inputSchema',
    ]);
  });
});
