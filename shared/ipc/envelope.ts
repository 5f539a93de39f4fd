import { AppError, type AppErrorData } from '../errors';

/** Every request result crosses IPC as one of these two branches. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

export function ok<T>(value: T): Envelope<T> {
  return { ok: true, value };
}

export function fail(error: unknown): { ok: false; error: AppErrorData } {
  return { ok: false, error: AppError.from(error).toJSON() };
}
