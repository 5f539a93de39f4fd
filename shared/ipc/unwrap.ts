import { AppError, AppErrorCode, isAppErrorCode } from '../errors';
import { hostTextSchema } from '../text/hostTextSchema';

/** Unwraps an envelope received from the other side; throws AppError on the error branch. */
export function unwrap(envelope: unknown): unknown {
  if (typeof envelope !== 'object' || envelope === null || !('ok' in envelope)) {
    throw new AppError(AppErrorCode.Internal, 'Malformed response envelope');
  }
  const env = envelope as { ok: unknown; value?: unknown; error?: unknown };
  if (env.ok === true) return env.value;
  const error = (env.error ?? {}) as {
    code?: unknown;
    message?: unknown;
    text?: unknown;
    data?: unknown;
  };
  const code = isAppErrorCode(error.code) ? error.code : AppErrorCode.Internal;
  const message = typeof error.message === 'string' ? error.message : 'Unknown error';
  const text = hostTextSchema.safeParse(error.text);
  throw new AppError(code, text.success ? text.data : message, error.data);
}
