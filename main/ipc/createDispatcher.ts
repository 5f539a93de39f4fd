import { requests, type RequestHandlers } from '../../shared/ipc/contract';
import { fail, ok, type Envelope } from '../../shared/ipc/envelope';
import { JsonReply } from '../../shared/ipc/JsonReply';
import { formatChars, measureJson } from '../../shared/ipc/measureJson';
import { isRequestName } from '../../shared/ipc/names';
import { AppError, AppErrorCode } from '../../shared/errors';
import { hostText } from '../../shared/text/hostText';
import { issueText } from './issueText';
import type { Logger } from '../platform/Logger';

/** Transport-neutral request handling: name check, input validation, envelope. */
export type Dispatch = (name: unknown, input: unknown) => Promise<Envelope<unknown>>;

/** Deeper than any request of the contract needs; tool arguments included. */
export const MAX_INPUT_DEPTH = 100;
/** Inline attachments (20 MiB decoded, as base64) are the largest legitimate input. */
export const MAX_INPUT_CHARS = 32 * 1024 * 1024;

export interface DispatcherOptions {
  /**
   * Checks every answer against the contract's output schema and fails the request when it does
   * not fit: on in development and tests (so a drift between main and the renderer shows up
   * where it is made), off in production (an answer is never withheld from a person over it).
   */
  validateOutputs?: boolean;
}

/** Development and test runs validate outputs; a packaged or production run does not. */
export function validatesOutputsByDefault(env: Readonly<Record<string, string | undefined>>) {
  return env.NODE_ENV !== 'production';
}

export function createDispatcher(
  handlers: RequestHandlers,
  log: Logger,
  options: DispatcherOptions = {},
): Dispatch {
  const validateOutputs = options.validateOutputs ?? validatesOutputsByDefault(process.env);
  return async (name, input) => {
    if (!isRequestName(name)) {
      return fail(
        new AppError(
          AppErrorCode.Validation,
          hostText('protocol.unknownRequest', { name: JSON.stringify(String(name)).slice(0, 80) }),
        ),
      );
    }
    // Before any validator walks it recursively: a deep value would overflow the stack there.
    const shape = measureJson(input, { maxDepth: MAX_INPUT_DEPTH, maxChars: MAX_INPUT_CHARS });
    if (!shape.ok) {
      return fail(
        new AppError(
          AppErrorCode.Validation,
          shape.reason === 'depth'
            ? hostText('protocol.inputTooDeep', { name, max: MAX_INPUT_DEPTH })
            : hostText('protocol.inputTooLarge', { name, max: formatChars(MAX_INPUT_CHARS) }),
          { reason: shape.reason, detail: shape.message },
        ),
      );
    }
    const def = requests[name];
    let parsed: ReturnType<typeof def.input.safeParse>;
    try {
      parsed = def.input.safeParse(input ?? {});
    } catch (error) {
      // A refinement that throws (a bug) is still an answer, never a caller left waiting.
      log.error('input validation threw', { name, error });
      return fail(
        new AppError(AppErrorCode.Validation, hostText('protocol.invalidInput', { name })),
      );
    }
    if (!parsed.success) {
      return fail(
        new AppError(AppErrorCode.Validation, hostText('protocol.invalidInput', { name }), {
          issues: parsed.error.issues.slice(0, 20).map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
            text: issueText(issue),
          })),
        }),
      );
    }
    let value: unknown;
    try {
      const handler = handlers[name] as (value: unknown) => unknown;
      value = await handler(parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) log.error('request failed', { name, error });
      return fail(error);
    }
    if (validateOutputs) {
      const checked = def.output.safeParse(value instanceof JsonReply ? value.parse() : value);
      if (!checked.success) {
        const issues = checked.error.issues.slice(0, 20).map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        }));
        log.error('answer does not match the contract', { name, issues });
        return fail(
          new AppError(AppErrorCode.Internal, `The answer to ${name} breaks the contract`, {
            issues,
          }),
        );
      }
    }
    return ok(value);
  };
}
