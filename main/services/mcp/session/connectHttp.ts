import {
  SdkHttpError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import type { HttpServerConfig } from '../../../../shared/domain/serverConfig';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { Logger } from '../../../platform/Logger';
import type { CachedEraVerdict } from './EraVerdictCache';
import { mapSdkError } from './mapSdkError';
import {
  openConnection,
  planConnect,
  type Connection,
  type ConnectionContext,
  type EstablishedConnection,
} from './openConnection';
import { StartupDeadline } from './StartupDeadline';

/** A new Streamable HTTP transport for `config` (also used to rebuild after a stale session). */
export function createStreamableHttpTransport(
  config: HttpServerConfig,
): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: { ...config.headers } },
  });
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
): Promise<EstablishedConnection> {
  const useSse = config.transport === 'sse' || cached?.httpTransport === 'sse';
  if (!useSse) {
    const plan = planConnect(config.protocol, ctx.probeTimeoutMs, cached?.prior);
    const tap = ctx.tap(createStreamableHttpTransport(config), 'http');
    try {
      const connection = await openConnection(ctx, tap, 'http', plan.negotiation, plan.prior);
      return { ...connection, eraSource: plan.eraSource };
    } catch (error) {
      if (!shouldFallBackToSse(error) || ctx.signal.aborted) throw error;
      logger?.info('Streamable HTTP refused; falling back to the SSE transport', {
        status: error.status,
      });
    }
  }
  if (config.protocol === 'modern') {
    throw new AppError(
      AppErrorCode.McpProtocol,
      'This server only offers the old HTTP+SSE transport, which cannot carry the modern protocol era',
      { transport: 'sse' },
    );
  }
  // HTTP+SSE is the 2024-era binding: only legacy servers speak it, so there is nothing to probe.
  const tap = ctx.tap(
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated for new servers, yet old servers only speak it
    new SSEClientTransport(new URL(config.url), {
      requestInit: { headers: { ...config.headers } },
    }),
    'sse',
  );
  const connection = await openConnection(ctx, tap, 'sse', { mode: 'legacy' }, { kind: 'legacy' });
  const eraSource =
    config.protocol === 'legacy' ? 'forced' : cached?.httpTransport === 'sse' ? 'cache' : 'probe';
  return { ...connection, eraSource };
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
): Promise<Connection> {
  const deadline = new StartupDeadline(config.timeouts.startupMs);
  try {
    const ctx = contextFor(deadline.signal);
    const tap = ctx.tap(createStreamableHttpTransport(config), 'http');
    return await Promise.race([
      openConnection(ctx, tap, 'http', { mode: 'legacy' }, { kind: 'legacy' }),
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
