import { formatHostText, type HostText } from './text/hostText';

/** Error codes that cross the IPC boundary. String values so logs and tests stay readable. */
export enum AppErrorCode {
  Validation = 'VALIDATION',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Cancelled = 'CANCELLED',
  Internal = 'INTERNAL',
  ConfigInvalid = 'CONFIG_INVALID',
  McpSpawnFailed = 'MCP_SPAWN_FAILED',
  McpTimeout = 'MCP_TIMEOUT',
  McpClosed = 'MCP_CLOSED',
  McpProtocol = 'MCP_PROTOCOL',
  LlmRateLimited = 'LLM_RATE_LIMITED',
  LlmAuth = 'LLM_AUTH',
  /** The API is overloaded (HTTP 529 or an `overloaded_error` event). */
  LlmOverloaded = 'LLM_OVERLOADED',
  /** The API failed on its side (HTTP 5xx, `api_error`). */
  LlmServer = 'LLM_SERVER',
  /** The API could not be reached, or the connection broke before the response was complete. */
  LlmNetwork = 'LLM_NETWORK',
  /** The response stream went silent for longer than the idle limit. */
  LlmStalled = 'LLM_STALLED',
  /** The API rejected the request itself (HTTP 400, 404, 413, 422, …); retrying will not help. */
  LlmBadRequest = 'LLM_BAD_REQUEST',
  SecretStoreUnavailable = 'SECRET_STORE_UNAVAILABLE',
  /** A remote server wants an OAuth sign-in (HTTP 401) that only a person can give. */
  McpAuthRequired = 'MCP_AUTH_REQUIRED',
  /** Another Switchboard process on the same data folder runs that server; it never runs twice. */
  McpOwnedElsewhere = 'MCP_OWNED_ELSEWHERE',
  /** This shell cannot do that (e.g. a native folder picker in the web shell). */
  Unsupported = 'UNSUPPORTED',
  /** A skill's file did not match the server's listing (digest, size, frontmatter): not used. */
  SkillRefused = 'SKILL_REFUSED',
}

/** The serialisable shape of an error inside an envelope. */
export interface AppErrorData {
  code: AppErrorCode;
  /** In English (CLI, logs); windows show `text` in their language when there is one. */
  message: string;
  text?: HostText;
  data?: unknown;
}

/**
 * An error with a stable code; the only error type services throw across their edge. A
 * message for a person is a {@link HostText} (a key of `hostMessages`), so the window can show
 * it in its language; a plain string is for what no person reads as such (an internal error's
 * detail, a foreign system's own words passed on).
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly data: unknown;
  /** The message as a key and values, when it is one of main's. */
  readonly text: HostText | undefined;

  constructor(code: AppErrorCode, message: string | HostText, data?: unknown) {
    super(typeof message === 'string' ? message : formatHostText(message));
    this.name = 'AppError';
    this.code = code;
    this.data = data;
    this.text = typeof message === 'string' ? undefined : message;
  }

  toJSON(): AppErrorData {
    return {
      code: this.code,
      message: this.message,
      ...(this.text ? { text: this.text } : {}),
      ...(this.data === undefined ? {} : { data: this.data }),
    };
  }

  static from(value: unknown): AppError {
    if (value instanceof AppError) return value;
    if (value instanceof Error) return new AppError(AppErrorCode.Internal, value.message);
    return new AppError(AppErrorCode.Internal, String(value));
  }
}

const codes = new Set<string>(Object.values(AppErrorCode));

/** True for a string that names a known error code (used when decoding envelopes). */
export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && codes.has(value);
}
