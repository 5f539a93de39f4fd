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

  it('ignores keys meant for other scenarios', () => {
    expect(
      parseConformanceContext(JSON.stringify({ name: 'auth/x', secret: 's', private_key: 'k' })),
    ).toEqual({ toolCalls: [] });
  });

  it('reads pre-registered client credentials (auth/pre-registration)', () => {
    expect(
      parseConformanceContext(
        JSON.stringify({ name: 'auth/pre-registration', client_id: 'id', client_secret: 's' }),
      ),
    ).toEqual({ toolCalls: [], clientId: 'id', clientSecret: 's' });
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
