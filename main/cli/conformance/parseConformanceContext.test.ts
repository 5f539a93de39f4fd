import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { parseConformanceContext } from './parseConformanceContext';

describe('parseConformanceContext', () => {
  it('is empty without a context', () => {
    expect(parseConformanceContext(undefined)).toEqual({ toolCalls: [] });
    expect(parseConformanceContext('  ')).toEqual({ toolCalls: [] });
  });

  it('keeps the planned tool calls verbatim, including nulls', () => {
    const context = parseConformanceContext(
      JSON.stringify({
        name: 'http-custom-headers',
        toolCalls: [
          { name: 'a', arguments: { region: 'us-west1', verbose: null, nested: { x: [1] } } },
          { name: 'b' },
        ],
      }),
    );
    expect(context.toolCalls).toEqual([
      { name: 'a', arguments: { region: 'us-west1', verbose: null, nested: { x: [1] } } },
      { name: 'b', arguments: {} },
    ]);
  });

  it('ignores keys meant for other scenarios (credentials)', () => {
    expect(
      parseConformanceContext(JSON.stringify({ name: 'auth/x', client_id: 'id', secret: 's' })),
    ).toEqual({ toolCalls: [] });
  });

  it('rejects malformed JSON and malformed calls with VALIDATION', () => {
    expect(() => parseConformanceContext('{')).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
    expect(() =>
      parseConformanceContext(JSON.stringify({ toolCalls: [{ arguments: {} }] })),
    ).toThrow(expect.objectContaining({ code: AppErrorCode.Validation }));
    expect(() => parseConformanceContext(JSON.stringify({ toolCalls: 'x' }))).toThrow(
      expect.objectContaining({ code: AppErrorCode.Validation }),
    );
  });
});
