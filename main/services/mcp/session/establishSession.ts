import { AppError, AppErrorCode } from '../../../../shared/errors';
import { configHash } from './configHash';
import { connectHttp } from './connectHttp';
import { connectStdio, singleUseTransport } from './connectStdio';
import { describeConnection, verdictOf } from './describeConnection';
import type { CachedEraVerdict } from './EraVerdictCache';
import { mapSdkError } from './mapSdkError';
import type { McpSessionOptions, SessionInfo } from './McpSessionOptions';
import {
  closeConnection,
  openListChangedSubscription,
  type ConnectionContext,
  type EstablishedConnection,
} from './openConnection';
import type { StartupDeadline } from './StartupDeadline';
import { hostText } from '../../../../shared/text/hostText';

/** What {@link establishSession} needs from the session. */
export interface EstablishRequest {
  options: McpSessionOptions;
  deadline: StartupDeadline;
  /** The session's connection context (client hooks, traffic tap, in-flight tracking). */
  context: ConnectionContext;
  /** False once the session was closed meanwhile: the result must then be thrown away. */
  stillWanted: () => boolean;
}

/** A connection ready to adopt, with what it negotiated. */
export interface EstablishedSession {
  connection: EstablishedConnection;
  info: SessionInfo;
}

/**
 * The whole connect of a session: consult the era verdict cache, connect (stdio or URL) within
 * the startup deadline, open list-change delivery, and remember the verdict. Every failure is
 * an {@link AppError}; nothing it opened outlives a failure, and a remembered verdict that led
 * to a failure is forgotten.
 */
export async function establishSession(request: EstablishRequest): Promise<EstablishedSession> {
  const { options, deadline, context } = request;
  const { config, eraCache, logger } = options;
  const hash = configHash(options.identity ?? config);
  let cached: CachedEraVerdict | undefined;
  let connection: EstablishedConnection | undefined;
  try {
    if (config.protocol !== 'legacy') cached = await eraCache?.get(hash);
    connection = await Promise.race([connect(request, cached), deadline.whenAborted()]);
    context.track(connection);
    await openListChangedSubscription(connection.client, deadline.signal).catch((error: unknown) =>
      logger?.warn('no list_changed subscription', { error }),
    );
    deadline.signal.throwIfAborted();
    if (!request.stillWanted()) throw cancelledByClose();
    if (eraCache && connection.eraSource !== 'cache' && config.protocol !== 'legacy') {
      // Saved while the session goes on (closing it waits for the write): nothing needs the
      // verdict on disk before the server is used, and waiting for a write and its fsyncs
      // held each of thirty servers starting together for up to a second.
      void eraCache.set(hash, verdictOf(connection));
    }
    return { connection, info: describeConnection(connection, cached?.prior) };
  } catch (error) {
    if (connection) await closeConnection(connection);
    const reason: unknown = !request.stillWanted()
      ? cancelledByClose()
      : deadline.signal.aborted
        ? deadline.signal.reason
        : error;
    const mapped = mapSdkError(reason, {
      operation: 'connect',
      ...(config.transport === 'stdio' ? {} : { url: config.url }),
    });
    // A verdict that did not lead to a working connection is not worth trusting again.
    if (cached && mapped.code !== AppErrorCode.Cancelled) await eraCache?.delete(hash);
    throw mapped;
  } finally {
    context.track(undefined);
  }
}

function connect(
  request: EstablishRequest,
  cached: CachedEraVerdict | undefined,
): Promise<EstablishedConnection> {
  const { options, context } = request;
  const { config, logger } = options;
  if (config.transport !== 'stdio') {
    return connectHttp(context, config, cached, logger, options.authProvider);
  }
  const source = options.transport;
  if (!source) {
    throw new AppError(AppErrorCode.Internal, 'A stdio session needs a transport or factory');
  }
  const factory = typeof source === 'function' ? source : singleUseTransport(source);
  return connectStdio(context, config.protocol, factory, cached, logger);
}

function cancelledByClose(): AppError {
  return new AppError(AppErrorCode.Cancelled, hostText('mcp.closedConnecting'), {
    operation: 'connect',
  });
}
