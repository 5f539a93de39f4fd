import {
  AuthorizationServerMismatchError,
  InsecureTokenEndpointError,
  InsufficientScopeError,
  IssuerMismatchError,
  OAuthError,
  RegistrationRejectedError,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { hostText, type HostText } from '../../../../shared/text/hostText';

/** What the SDK says for a plain 401 (its default message and the transports' stock phrases). */
const BARE_UNAUTHORIZED = [
  /^Unauthorized$/,
  /^Authentication requires user authorization - redirect initiated$/,
  /^Authentication failed for \S+$/,
  /^Sign-in needed\b/,
];
const SIGN_IN_NEEDED = hostText('auth.needed');

/** Completes a sign-in with the parameters the redirect brought back (`code`, `state`, `iss`). */
export type FinishAuth = (callback: URLSearchParams) => Promise<void>;

/**
 * The server wants a sign-in that only a person (or the conformance client) can give.
 * `finishAuth` completes it on the transport that asked (it remembers the challenge's scope
 * and resource metadata); after it resolves, reconnect on a fresh transport.
 */
export class AuthRequiredError extends AppError {
  constructor(
    message: HostText,
    readonly finishAuth: FinishAuth,
    data?: unknown,
  ) {
    super(AppErrorCode.McpAuthRequired, message, data);
    this.name = 'AuthRequiredError';
  }
}

/**
 * The SDK refuses protected resource metadata naming another resource with a plain `Error`;
 * its message is the only mark (RFC 9728 §3.3: such metadata must not be used).
 */
function isResourceMismatch(error: unknown): error is Error {
  return (
    error instanceof Error &&
    error.message.startsWith('Protected resource ') &&
    error.message.includes(' does not match expected ')
  );
}

/** True for what the SDK throws when authorization is needed or failed. */
export function isOAuthFailure(error: unknown): boolean {
  return (
    isResourceMismatch(error) ||
    error instanceof UnauthorizedError ||
    error instanceof OAuthError ||
    error instanceof IssuerMismatchError ||
    error instanceof AuthorizationServerMismatchError ||
    error instanceof RegistrationRejectedError ||
    error instanceof InsecureTokenEndpointError ||
    error instanceof InsufficientScopeError
  );
}

/**
 * An OAuth failure in plain words, as MCP_AUTH_REQUIRED. Nothing attacker-controlled from a
 * mismatched authorization response is repeated (RFC 9207: the `iss` and error text of such a
 * response may come from the attacker), and no token, code or secret is ever part of it.
 */
export function describeAuthError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const data = { name: error instanceof Error ? error.name : typeof error };
  if (error instanceof IssuerMismatchError) {
    return new AppError(
      AppErrorCode.McpAuthRequired,
      error.kind === 'metadata'
        ? hostText('auth.issuerMetadata')
        : error.received === undefined
          ? hostText('auth.issuerMissing')
          : hostText('auth.issuerMismatch'),
      { ...data, kind: error.kind, expected: error.expected },
    );
  }
  if (isResourceMismatch(error)) {
    return new AppError(AppErrorCode.McpAuthRequired, hostText('auth.resourceMismatch'), data);
  }
  if (error instanceof AuthorizationServerMismatchError) {
    return new AppError(AppErrorCode.McpAuthRequired, hostText('auth.serverMoved'), data);
  }
  if (error instanceof RegistrationRejectedError) {
    return new AppError(
      AppErrorCode.McpAuthRequired,
      hostText('auth.registrationRefused', { status: error.status }),
      { ...data, status: error.status },
    );
  }
  if (error instanceof InsecureTokenEndpointError) {
    return new AppError(AppErrorCode.McpAuthRequired, hostText('auth.insecure'), data);
  }
  if (error instanceof InsufficientScopeError) {
    return new AppError(
      AppErrorCode.McpAuthRequired,
      error.requiredScope
        ? hostText('auth.moreScopeNamed', { scope: error.requiredScope })
        : hostText('auth.moreScope'),
      { ...data, requiredScope: error.requiredScope },
    );
  }
  if (error instanceof OAuthError) {
    return new AppError(
      AppErrorCode.McpAuthRequired,
      hostText('auth.serverSaid', { detail: error.message || error.code, code: error.code }),
      { ...data, oauthError: error.code },
    );
  }
  if (error instanceof UnauthorizedError) {
    return new AppError(AppErrorCode.McpAuthRequired, SIGN_IN_NEEDED, data);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(
    AppErrorCode.McpAuthRequired,
    hostText('auth.failed', { detail: message }),
    data,
  );
}

/**
 * Why a server needs a sign-in, in words worth showing next to "needs sign-in", or `undefined`
 * when the only reason is the 401 itself (that says nothing the status does not). Errors from
 * the authorization server (refused grant, issuer mismatch, refused registration…) are kept.
 */
export function signInReason(error: AppError): AppError | undefined {
  if (error instanceof AuthRequiredError || error.text?.key === SIGN_IN_NEEDED.key)
    return undefined;
  const name = (error.data as { name?: unknown } | undefined)?.name;
  const said = error.text?.key === 'auth.failed' ? error.text.params?.detail : error.message;
  if (
    name === 'UnauthorizedError' &&
    typeof said === 'string' &&
    BARE_UNAUTHORIZED.some((re) => re.test(said))
  ) {
    return undefined;
  }
  return error;
}
