import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { AppError, AppErrorCode } from '../../../shared/errors';

/** What is kept from an API failure in `AppError.data`, for retries, logs and the person. */
export interface ModelErrorDetails {
  /** HTTP status; absent for errors that arrived inside a stream or never got a response. */
  status?: number;
  /** The API's `error.type` (`rate_limit_error`, `overloaded_error`, …). */
  type?: string;
  /** The API's own message, verbatim. */
  apiMessage?: string;
  requestId?: string;
  /** From `retry-after-ms` or `retry-after`: how long the API asked us to wait. */
  retryAfterMs?: number;
  /** From `x-should-retry`, when the API states it. */
  shouldRetry?: boolean;
}

/** Where the failing request went, for messages a person can act on. */
export interface MapModelErrorContext {
  baseURL?: string;
}

const SETTINGS_HINT = 'Check the API key in Settings.';

/** The error for a turn started without any API key. */
export function missingApiKeyError(): AppError {
  return new AppError(AppErrorCode.LlmAuth, `No Anthropic API key is set. Add one in Settings.`);
}

/**
 * Turns whatever the SDK or the connection under it throws into an {@link AppError} with an
 * `LLM_*` code. HTTP errors are classified by status, errors delivered inside a stream
 * (`event: error`) by their `error.type`; the API's message and retry hints go to `data`.
 */
export function mapModelError(error: unknown, context: MapModelErrorContext = {}): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIUserAbortError || isAbortError(error)) {
    return new AppError(AppErrorCode.Cancelled, 'Cancelled');
  }
  const where = context.baseURL ? ` at ${context.baseURL}` : '';
  if (error instanceof APIConnectionTimeoutError) {
    return new AppError(
      AppErrorCode.LlmNetwork,
      `The Anthropic API${where} did not answer in time.`,
    );
  }
  if (error instanceof APIConnectionError) {
    const cause = describeCause(error.cause);
    return new AppError(
      AppErrorCode.LlmNetwork,
      `Could not reach the Anthropic API${where}${cause ? `: ${cause}` : '.'}`,
    );
  }
  if (error instanceof APIError) {
    // The SDK's generics default to `any`; read the fields with their real types.
    return fromApiError({
      status: typeof error.status === 'number' ? error.status : undefined,
      type: error.type,
      apiMessage: error.apiMessage,
      requestID: error.requestID ?? null,
      headers: error.headers instanceof Headers ? error.headers : undefined,
      message: error.message,
    });
  }
  if (error instanceof SyntaxError) {
    return new AppError(
      AppErrorCode.LlmServer,
      `The Anthropic API sent a malformed event: ${error.message}`,
    );
  }
  // Anything else thrown while reading a response body is the connection breaking
  // (undici reports a reset socket as `TypeError: terminated`).
  const message = error instanceof Error ? error.message : String(error);
  const cause = describeCause(error instanceof Error ? error.cause : undefined);
  return new AppError(
    AppErrorCode.LlmNetwork,
    `The connection to the Anthropic API broke: ${message}${cause ? ` (${cause})` : ''}`,
  );
}

interface ApiErrorFacts {
  status: number | undefined;
  type: string | null;
  apiMessage: string | null;
  requestID: string | null;
  headers: Headers | undefined;
  message: string;
}

function fromApiError(error: ApiErrorFacts): AppError {
  const details: ModelErrorDetails = {};
  if (error.status !== undefined) details.status = error.status;
  if (error.type) details.type = error.type;
  if (error.apiMessage) details.apiMessage = error.apiMessage;
  if (error.requestID) details.requestId = error.requestID;
  const retryAfterMs = parseRetryAfter(error.headers);
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  const shouldRetry = error.headers?.get('x-should-retry');
  if (shouldRetry === 'true' || shouldRetry === 'false')
    details.shouldRetry = shouldRetry === 'true';

  const code = classify(error.status, error.type);
  // The sentence ends with our own facts, so the API's final period goes.
  const said = (error.apiMessage ?? error.message).replace(/\.$/, '');
  const label = [error.status, error.type].filter((part) => part !== undefined && part !== null);
  const facts = label.length > 0 ? ` (${label.join(' ')})` : '';
  const wait =
    retryAfterMs !== undefined ? ` The API asked to wait ${formatSeconds(retryAfterMs)}.` : '';
  const message =
    code === AppErrorCode.LlmAuth
      ? `Anthropic rejected the API key: ${said}${facts}. ${SETTINGS_HINT}`
      : `${describeCode(code)}: ${said}${facts}.${wait}`;
  return new AppError(code, message.trim(), details);
}

function classify(status: number | undefined, type: string | null): AppErrorCode {
  if (status !== undefined) {
    if (status === 401 || status === 403) return AppErrorCode.LlmAuth;
    if (status === 429) return AppErrorCode.LlmRateLimited;
    if (status === 529) return AppErrorCode.LlmOverloaded;
    if (status === 408) return AppErrorCode.LlmNetwork;
    if (status >= 500) return AppErrorCode.LlmServer;
    return AppErrorCode.LlmBadRequest;
  }
  switch (type) {
    case 'overloaded_error':
      return AppErrorCode.LlmOverloaded;
    case 'rate_limit_error':
      return AppErrorCode.LlmRateLimited;
    case 'authentication_error':
    case 'permission_error':
      return AppErrorCode.LlmAuth;
    case 'invalid_request_error':
    case 'not_found_error':
    case 'request_too_large':
    case 'billing_error':
      return AppErrorCode.LlmBadRequest;
    case 'timeout_error':
      return AppErrorCode.LlmNetwork;
    default:
      return AppErrorCode.LlmServer;
  }
}

function describeCode(code: AppErrorCode): string {
  switch (code) {
    case AppErrorCode.LlmRateLimited:
      return 'The Anthropic API is rate limiting requests';
    case AppErrorCode.LlmOverloaded:
      return 'The Anthropic API is overloaded';
    case AppErrorCode.LlmServer:
      return 'The Anthropic API failed';
    case AppErrorCode.LlmNetwork:
      return 'The Anthropic API timed out';
    default:
      return 'The Anthropic API rejected the request';
  }
}

/** `retry-after-ms` (non-standard, precise) wins over `retry-after` (seconds or an HTTP date). */
function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

function describeCause(cause: unknown): string | undefined {
  if (!(cause instanceof Error)) return undefined;
  const code = (cause as { code?: unknown }).code;
  const inner = describeCause(cause.cause);
  const own = typeof code === 'string' ? `${code} ${cause.message}` : cause.message;
  return inner && !own.includes(inner) ? `${own} (${inner})` : own;
}
