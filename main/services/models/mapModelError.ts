import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAiSdk from 'openai';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText, type HostTextKey } from '../../../shared/text/hostText';

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
  /** Who was asked, as a person knows it: "Anthropic", "DeepSeek", "Ollama". */
  provider?: string;
  baseURL?: string;
}

/** The error for a request to a provider that needs a key and has none. */
export function missingApiKeyError(provider = 'Anthropic'): AppError {
  return new AppError(AppErrorCode.LlmAuth, hostText('model.noKey', { provider }));
}

// Both SDKs are generated from one template: the same classes, distinct identities.
const isUserAbort = (e: unknown): boolean =>
  e instanceof AnthropicSdk.APIUserAbortError || e instanceof OpenAiSdk.APIUserAbortError;
const isTimeout = (e: unknown): boolean =>
  e instanceof AnthropicSdk.APIConnectionTimeoutError ||
  e instanceof OpenAiSdk.APIConnectionTimeoutError;
const isConnection = (e: unknown): e is Error =>
  e instanceof AnthropicSdk.APIConnectionError || e instanceof OpenAiSdk.APIConnectionError;

/**
 * Turns whatever the SDK or the connection under it throws into an {@link AppError} with an
 * `LLM_*` code. HTTP errors are classified by status, errors delivered inside a stream
 * (`event: error`) by their `error.type`; the API's message and retry hints go to `data`.
 */
export function mapModelError(error: unknown, context: MapModelErrorContext = {}): AppError {
  if (error instanceof AppError) return error;
  if (isUserAbort(error) || isAbortError(error)) {
    return new AppError(AppErrorCode.Cancelled, hostText('model.cancelled'));
  }
  const provider = context.provider ?? 'Anthropic';
  const url = context.baseURL;
  const api = url
    ? hostText('model.apiAt', { provider, url })
    : hostText('model.api', { provider });
  if (isTimeout(error)) {
    return new AppError(
      AppErrorCode.LlmNetwork,
      url
        ? hostText('model.timeoutAt', { provider, url })
        : hostText('model.timeout', { provider }),
    );
  }
  if (isConnection(error)) {
    const cause = describeCause(error.cause);
    return new AppError(
      AppErrorCode.LlmNetwork,
      cause
        ? hostText('model.unreachable', { api, detail: cause })
        : hostText('model.unreachableBare', { api }),
    );
  }
  const facts = apiErrorFacts(error);
  if (facts) return fromApiError(facts, provider);
  if (error instanceof SyntaxError) {
    return new AppError(
      AppErrorCode.LlmServer,
      hostText('model.malformed', { provider, detail: error.message }),
    );
  }
  // Anything else thrown while reading a response body is the connection breaking
  // (undici reports a reset socket as `TypeError: terminated`).
  const message = error instanceof Error ? error.message : String(error);
  const cause = describeCause(error instanceof Error ? error.cause : undefined);
  return new AppError(
    AppErrorCode.LlmNetwork,
    hostText('model.broke', { provider, detail: `${message}${cause ? ` (${cause})` : ''}` }),
  );
}

/** What either SDK's `APIError` knows, read with real types (their generics default to `any`). */
function apiErrorFacts(error: unknown): ApiErrorFacts | undefined {
  const headersOf = (value: unknown): Headers | undefined =>
    value instanceof Headers ? value : undefined;
  const statusOf = (value: unknown): number | undefined =>
    typeof value === 'number' ? value : undefined;
  if (error instanceof AnthropicSdk.APIError) {
    return {
      status: statusOf(error.status),
      type: error.type,
      apiMessage: error.apiMessage,
      requestID: error.requestID ?? null,
      headers: headersOf(error.headers),
      message: error.message,
    };
  }
  if (error instanceof OpenAiSdk.APIError) {
    // The Chat Completions family puts `{message, type, code}` in `error`; some send a string.
    const body: unknown = error.error;
    const said =
      typeof body === 'string'
        ? body
        : typeof (body as { message?: unknown } | undefined)?.message === 'string'
          ? (body as { message: string }).message
          : null;
    const type = error.type ?? (typeof error.code === 'string' ? error.code : null);
    return {
      status: statusOf(error.status),
      type: type ?? null,
      apiMessage: said,
      requestID: error.requestID ?? null,
      headers: headersOf(error.headers),
      message: error.message,
    };
  }
  return undefined;
}

interface ApiErrorFacts {
  status: number | undefined;
  type: string | null;
  apiMessage: string | null;
  requestID: string | null;
  headers: Headers | undefined;
  message: string;
}

function fromApiError(error: ApiErrorFacts, provider: string): AppError {
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
  const detail = `${said}${label.length > 0 ? ` (${label.join(' ')})` : ''}`;
  const message = hostText(describeCode(code), { provider, detail });
  return new AppError(
    code,
    retryAfterMs !== undefined && code !== AppErrorCode.LlmAuth
      ? hostText('model.waitAsked', { message, seconds: Math.round(retryAfterMs / 100) / 10 })
      : message,
    details,
  );
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

function describeCode(code: AppErrorCode): HostTextKey {
  switch (code) {
    case AppErrorCode.LlmAuth:
      return 'model.rejectedKey';
    case AppErrorCode.LlmRateLimited:
      return 'model.rateLimited';
    case AppErrorCode.LlmOverloaded:
      return 'model.overloaded';
    case AppErrorCode.LlmServer:
      return 'model.failed';
    case AppErrorCode.LlmNetwork:
      return 'model.timedOut';
    default:
      return 'model.refused';
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
