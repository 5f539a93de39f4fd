import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { isOAuthFailure } from '../auth/authErrors';
import { hostText, type HostText } from '../../../../shared/text/hostText';
import { DroppedAnswer, droppedAnswerText } from './droppedResponseId';
import { remoteFailureText } from './remoteFailureText';

/** Extra facts the caller knows about the failure that the error itself cannot carry. */
export interface MapSdkErrorContext {
  /** The caller's own signal was aborted: the SDK reports that as a timeout, we do not. */
  cancelled?: boolean;
  /** What was being done ("connect", "tools/call echo"), kept in `data.operation`. */
  operation?: string;
  /** A remote server's URL: a failure to reach it is then said with its cause. */
  url?: string;
}

/** What is kept from the original error so nothing the server said is lost. */
export interface SdkErrorDetails {
  operation?: string;
  /** The original error's class name (SdkError, ProtocolError, …). */
  name: string;
  /** The original message, verbatim. */
  message: string;
  /** `SdkErrorCode` string or JSON-RPC error code, whichever the original carried. */
  code?: string | number;
  /** HTTP status when an HTTP transport failed. */
  status?: number;
  /** The original error's own `data` (JSON-RPC error data, HTTP details). */
  data?: unknown;
}

const SPAWN_ERROR_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'ENOEXEC', 'E2BIG', 'ENOTDIR']);
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Turns anything the SDK (or a transport under it) throws into an {@link AppError} with a stable
 * code: timeouts → MCP_TIMEOUT, closed or unreachable connections → MCP_CLOSED, processes that
 * could not start → MCP_SPAWN_FAILED, anything the server or the protocol rejected →
 * MCP_PROTOCOL. The original name, message, code and data are kept in `data`.
 */
export function mapSdkError(error: unknown, context: MapSdkErrorContext = {}): AppError {
  if (error instanceof AppError) return error;
  if (context.cancelled) {
    // The SDK reports the caller's abort as a REQUEST_TIMEOUT; keep none of that in the data.
    const cancelled: SdkErrorDetails = { name: 'Cancelled', message: 'Cancelled by the caller' };
    if (context.operation !== undefined) cancelled.operation = context.operation;
    return new AppError(AppErrorCode.Cancelled, hostText('model.cancelled'), cancelled);
  }
  const details = describe(error, context.operation);
  const remote = context.url === undefined ? undefined : remoteFailureText(error, context.url);
  return new AppError(classify(error), remote ?? messageFor(error, details), details);
}

function classify(error: unknown): AppErrorCode {
  if (error instanceof ProtocolError) return AppErrorCode.McpProtocol;
  // A sign-in is needed, or one failed (issuer mismatch, refused registration, …).
  if (isOAuthFailure(error)) return AppErrorCode.McpAuthRequired;
  if (error instanceof SdkHttpError) return AppErrorCode.McpProtocol;
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return AppErrorCode.McpTimeout;
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return AppErrorCode.McpClosed;
      case SdkErrorCode.EraNegotiationFailed:
        // A probe that could not reach the server is an outage, not a protocol disagreement.
        return isNetworkError(error.cause) ? AppErrorCode.McpClosed : AppErrorCode.McpProtocol;
      default:
        return AppErrorCode.McpProtocol;
    }
  }
  if (error instanceof SseError) return AppErrorCode.McpClosed;
  if (isSpawnError(error)) return AppErrorCode.McpSpawnFailed;
  if (isNetworkError(error)) return AppErrorCode.McpClosed;
  return AppErrorCode.Internal;
}

function messageFor(error: unknown, details: SdkErrorDetails): HostText {
  if (error instanceof ProtocolError && error.data instanceof DroppedAnswer) {
    return droppedAnswerText(error.data);
  }
  if (isSpawnError(error)) return hostText('mcp.couldNotStart', { detail: details.message });
  if (isNetworkError(error)) return hostText('mcp.unreachable', { detail: details.message });
  // The server's or the SDK's own words.
  return hostText('foreign', { text: details.message });
}

function describe(error: unknown, operation: string | undefined): SdkErrorDetails {
  const details: SdkErrorDetails =
    error instanceof Error
      ? { name: error.name, message: error.message || error.name }
      : { name: typeof error, message: String(error) };
  if (operation !== undefined) details.operation = operation;
  if (error instanceof SdkHttpError) {
    details.code = error.code;
    details.status = error.status;
    details.data = error.data;
  } else if (error instanceof SdkError || error instanceof ProtocolError) {
    details.code = error.code;
    if (error.data !== undefined) details.data = error.data;
  } else if (error instanceof SseError) {
    if (typeof error.code === 'number') details.status = error.code;
  } else if (error instanceof UnauthorizedError) {
    details.status = 401;
  } else {
    const code = errnoCode(error) ?? errnoCode(causeOf(error));
    if (code !== undefined) details.code = code;
  }
  return details;
}

function isSpawnError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = errnoCode(error);
  const syscall = (error as { syscall?: unknown }).syscall;
  return (
    (typeof syscall === 'string' && syscall.startsWith('spawn')) ||
    (code !== undefined && SPAWN_ERROR_CODES.has(code) && /spawn/i.test(error.message))
  );
}

/** `fetch failed` (undici) and socket errors, including when wrapped as a `cause`. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = errnoCode(error) ?? errnoCode(causeOf(error));
  if (code !== undefined && NETWORK_ERROR_CODES.has(code)) return true;
  return error.name === 'TypeError' && /fetch failed/i.test(error.message);
}

function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function causeOf(error: unknown): unknown {
  return error instanceof Error ? error.cause : undefined;
}
