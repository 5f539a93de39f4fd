import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../errors';
import { fail, ok } from './envelope';
import { unwrap } from './unwrap';

describe('envelope', () => {
  it('wraps values and unwraps them', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(unwrap(ok({ a: 1 }))).toEqual({ a: 1 });
  });

  it('carries AppError code, message and data across', () => {
    const envelope = fail(new AppError(AppErrorCode.Validation, 'bad', { issues: [] }));
    expect(envelope).toEqual({
      ok: false,
      error: { code: 'VALIDATION', message: 'bad', data: { issues: [] } },
    });
    const roundTripped: unknown = JSON.parse(JSON.stringify(envelope));
    try {
      unwrap(roundTripped);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(AppErrorCode.Validation);
      expect((error as AppError).data).toEqual({ issues: [] });
    }
  });

  it('turns foreign errors into INTERNAL', () => {
    expect(fail(new TypeError('boom')).error).toEqual({ code: 'INTERNAL', message: 'boom' });
    expect(fail('text').error.code).toBe('INTERNAL');
  });

  it('refuses malformed envelopes and unknown codes', () => {
    expect(() => unwrap(null)).toThrow(/Malformed/);
    expect(() => unwrap({ value: 1 })).toThrow(/Malformed/);
    expect(() => unwrap({ ok: false, error: { code: 'NOPE', message: 'x' } })).toThrow(
      expect.objectContaining({ code: AppErrorCode.Internal, message: 'x' }),
    );
  });
});
