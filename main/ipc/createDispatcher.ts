import { requests, type RequestHandlers } from '../../shared/ipc/contract';
import { fail, ok, type Envelope } from '../../shared/ipc/envelope';
import { isRequestName } from '../../shared/ipc/names';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { Logger } from '../platform/Logger';

/** Transport-neutral request handling: name check, input validation, envelope. */
export type Dispatch = (name: unknown, input: unknown) => Promise<Envelope<unknown>>;

export function createDispatcher(handlers: RequestHandlers, log: Logger): Dispatch {
  return async (name, input) => {
    if (!isRequestName(name)) {
      return fail(
        new AppError(
          AppErrorCode.Validation,
          `Unknown request ${JSON.stringify(String(name)).slice(0, 80)}`,
        ),
      );
    }
    const def = requests[name];
    const parsed = def.input.safeParse(input ?? {});
    if (!parsed.success) {
      return fail(
        new AppError(AppErrorCode.Validation, `Invalid input for ${name}`, {
          issues: parsed.error.issues.slice(0, 20).map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
        }),
      );
    }
    try {
      const handler = handlers[name] as (value: unknown) => unknown;
      const value: unknown = await handler(parsed.data);
      return ok(value);
    } catch (error) {
      if (!(error instanceof AppError)) log.error('request failed', { name, error });
      return fail(error);
    }
  };
}
