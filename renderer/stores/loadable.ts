import { AppError } from '../../shared/errors';
import type { HostText } from '../../shared/text/hostText';

/**
 * An error as the UI shows it: the stable code, main's message in English, and the same as a
 * key with values when main sent one (shown with `useErrorText`, in the window's language).
 */
export interface ErrorInfo {
  code: string;
  message: string;
  text?: HostText;
}

/** The answer to a request the person made: still waiting, arrived, or failed. */
export type Loadable<T> =
  { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: ErrorInfo };

/** What a store action reports back to the component that called it. */
export type ActionResult = { ok: true } | { ok: false; error: ErrorInfo };

/** Normalises anything thrown by the host client into an ErrorInfo. */
export function errorInfo(error: unknown): ErrorInfo {
  const appError = AppError.from(error);
  return {
    code: appError.code,
    message: appError.message,
    ...(appError.text ? { text: appError.text } : {}),
  };
}

/** The value of a loadable if it has one. */
export function valueOf<T>(loadable: Loadable<T> | undefined): T | undefined {
  return loadable?.state === 'ready' ? loadable.value : undefined;
}
