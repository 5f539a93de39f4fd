import {
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SSEClientTransport,
  type PriorDiscovery,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import { AuthRequiredError, describeAuthError, isOAuthFailure } from '../auth/authErrors';
import type { ServerOAuthProvider } from '../auth/ServerOAuthProvider';
import type { CachedEraVerdict } from './EraVerdictCache';
import { isNetworkError, mapSdkError } from './mapSdkError';
import {
  openConnection,
  planConnect,
  type Connection,
  type ConnectionContext,
  type EstablishedConnection,
} from './openConnection';
import { StartupDeadline } from './StartupDeadline';
import { hostText } from '../../../../shared/text/hostText';

/**
 * Step-up re-authorizations one request may go through on `403 insufficient_scope` before it
 * fails: a server that is never satisfied cannot loop (each new grant needs a person anyway).
 */
export const MAX_STEP_UP_RETRIES = 1;

/** A new Streamable HTTP transport for `config` (also used to rebuild after a stale session). */
export function createStreamableHttpTransport(
  config: HttpServerConfig,
  authProvider?: ServerOAuthProvider,
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: { ...config.headers } },
    ...(authProvider ? { authProvider, maxStepUpRetries: MAX_STEP_UP_RETRIES } : {}),
  });
}

/** What a transport that can finish an OAuth sign-in offers. */
interface AuthCapableTransport {
  finishAuth(callback: URLSearchParams): Promise<void>;
}

/**
 * Runs a connect attempt on `transport`; an OAuth failure becomes MCP_AUTH_REQUIRED. When the
 * server asked for a sign-in, that is an {@link AuthRequiredError} whose `finishAuth` checks
 * the callback's `state` and completes the sign-in on this very transport (it remembers the
 * challenge); the caller then reconnects on a fresh one.
 */
async function withAuthErrors<T>(
  attempt: () => Promise<T>,
  transport: AuthCapableTransport,
  authProvider: ServerOAuthProvider | undefined,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!authProvider || !isOAuthFailure(error)) throw error;
    if (!(error instanceof UnauthorizedError)) throw describeAuthError(error);
    const plain = describeAuthError(error);
    throw new AuthRequiredError(
      plain.text ?? hostText('foreign', { text: plain.message }),
      (callback) =>
        authProvider.finishAuthorization(callback, (checked) => transport.finishAuth(checked)),
      plain.data,
    );
  }
}

/**
 * Connects to a URL server. `http` configs try Streamable HTTP first and, when the endpoint
 * answers 404/405 (it does not take POSTs: an old HTTP+SSE server), fall back to the SSE
 * transport with a fresh client. 401/403 never fall back: that is an auth wall, not an old
 * server. A remembered "this is an SSE server" verdict skips the failing POST next time.
 */
export async function connectHttp(
  ctx: ConnectionContext,
  config: HttpServerConfig,
  cached: CachedEraVerdict | undefined,
  logger: Logger | undefined,
  authProvider?: ServerOAuthProvider,
): Promise<EstablishedConnection> {
  const useSse = config.transport === 'sse' || cached?.httpTransport === 'sse';
  if (!useSse) {
    const plan = planConnect(config.protocol, ctx.probeTimeoutMs, cached?.prior);
    const attempt = async (prior: PriorDiscovery | undefined): Promise<Connection> => {
      const transport = createStreamableHttpTransport(config, authProvider);
      const tap = ctx.tap(transport, 'http');
      return withAuthErrors(
        () => openConnection(ctx, tap, 'http', plan.negotiation, prior),
        transport,
        authProvider,
      );
    };
    try {
      try {
        return { ...(await attempt(plan.prior)), eraSource: plan.eraSource };
      } catch (error) {
        if (plan.eraSource !== 'probe' || !probeAnswerUnusable(error) || ctx.signal.aborted) {
          throw error;
        }
        // Servers that fail anything before `initialize` (HTTP 5xx, a body that is not
        // JSON-RPC) are 2025 servers, as a stdio server that exits on the probe is: speak the
        // 2025 handshake on a fresh transport. The verdict is remembered like any probe's.
        logger?.info('the server refused the era probe; speaking the 2025 handshake', {
          status: error instanceof SdkHttpError ? error.status : undefined,
        });
        return { ...(await attempt({ kind: 'legacy' })), eraSource: 'probe' };
      }
    } catch (error) {
      if (!shouldFallBackToSse(error) || ctx.signal.aborted) throw error;
      logger?.info('Streamable HTTP refused; falling back to the SSE transport', {
        status: error.status,
      });
    }
  }
  if (config.protocol === 'modern') {
    throw new AppError(AppErrorCode.McpProtocol, hostText('mcp.sseOnly'), { transport: 'sse' });
  }
  // HTTP+SSE is the 2024-era binding: only legacy servers speak it, so there is nothing to probe.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated for new servers, yet old servers only speak it
  const transport = new SSEClientTransport(new URL(config.url), {
    requestInit: { headers: { ...config.headers } },
    ...(authProvider ? { authProvider } : {}),
  });
  const tap = ctx.tap(transport, 'sse');
  const connection = await withAuthErrors(
    () => openConnection(ctx, tap, 'sse', { mode: 'legacy' }, { kind: 'legacy' }),
    transport,
    authProvider,
  );
  const eraSource =
    config.protocol === 'legacy' ? 'forced' : cached?.httpTransport === 'sse' ? 'cache' : 'probe';
  return { ...connection, eraSource };
}

/**
 * The probe reached the server and it answered, but not in JSON-RPC: an HTTP 5xx, or a body no
 * era speaks (4xx already reads as legacy in the SDK; 401/403 and network failures are not this).
 */
function probeAnswerUnusable(error: unknown): boolean {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) {
    return false;
  }
  if (error instanceof SdkHttpError) return typeof error.status === 'number' && error.status >= 500;
  return error.cause !== undefined && !isNetworkError(error.cause);
}

function shouldFallBackToSse(error: unknown): error is SdkHttpError {
  if (error instanceof UnauthorizedError) return false;
  return error instanceof SdkHttpError && (error.status === 404 || error.status === 405);
}

/**
 * A new legacy connection to a server that forgot our session (it restarted). Sessions exist
 * only in the legacy era, so the era is known and nothing is probed.
 */
export async function reconnectLegacyHttp(
  contextFor: (signal: AbortSignal) => ConnectionContext,
  config: HttpServerConfig,
  authProvider?: ServerOAuthProvider,
): Promise<Connection> {
  const deadline = new StartupDeadline(config.timeouts.startupMs);
  try {
    const ctx = contextFor(deadline.signal);
    const transport = createStreamableHttpTransport(config, authProvider);
    const tap = ctx.tap(transport, 'http');
    return await Promise.race([
      withAuthErrors(
        () => openConnection(ctx, tap, 'http', { mode: 'legacy' }, { kind: 'legacy' }),
        transport,
        authProvider,
      ),
      deadline.whenAborted(),
    ]);
  } catch (error) {
    throw mapSdkError(deadline.signal.aborted ? deadline.signal.reason : error, {
      operation: 'reconnect',
    });
  } finally {
    deadline.dispose();
  }
}
