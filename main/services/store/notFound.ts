import { AppError, AppErrorCode } from '../../../shared/errors';

/** The store's NOT_FOUND error, with the kind and id in `data` for callers that branch on it. */
export function notFound(kind: string, id: string): AppError {
  return new AppError(AppErrorCode.NotFound, `No ${kind} ${id}.`, { kind, id });
}

/** Throws `notFound`; usable after `??`. */
export function throwNotFound(kind: string, id: string): never {
  throw notFound(kind, id);
}
