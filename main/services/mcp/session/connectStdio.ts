import { SdkError, SdkErrorCode, type Transport } from '@modelcontextprotocol/client';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import type { ProtocolPreference } from '../../../../shared/domain/serverConfig';
import type { Logger } from '../../../platform/Logger';
import type { CachedEraVerdict } from './EraVerdictCache';
import {
  openConnection,
  planConnect,
  type ConnectionContext,
  type EstablishedConnection,
} from './openConnection';
import { hostText } from '../../../../shared/text/hostText';

/** Makes a fresh, not yet started transport to the server (one process per call on stdio). */
export type TransportFactory = () => Transport | Promise<Transport>;

/**
 * Connects over a stdio-shaped transport made by `createTransport`.
 *
 * Era probe: the SDK runs its `server/discover` probe on a throwaway *sibling* process only for
 * its own base `StdioClientTransport` (it re-spawns from the transport's private parameters).
 * Any other transport — the app's process transport, and our traffic tap around any transport —
 * is probed *in place*, on the session's own process. A silent server then falls back to
 * `initialize` on the same pipe (the tap exposes `pid`/`stderr`, so the SDK applies stdio
 * rules), and a server that answers with an error is legacy too. But a server that *exits* on
 * the unknown request leaves the SDK with a closed pipe: it throws `EraNegotiationFailed`
 * instead of falling back. That is a legacy verdict, so we spawn a fresh process and run a plain
 * `initialize` on it — the extra spawn happens only for such servers, not on every connect.
 */
export async function connectStdio(
  ctx: ConnectionContext,
  protocol: ProtocolPreference,
  createTransport: TransportFactory,
  cached: CachedEraVerdict | undefined,
  logger: Logger | undefined,
): Promise<EstablishedConnection> {
  const plan = planConnect(protocol, ctx.probeTimeoutMs, cached?.prior);
  const tap = ctx.tap(await createTransport(), 'stdio');
  try {
    const connection = await openConnection(ctx, tap, 'stdio', plan.negotiation, plan.prior);
    return { ...connection, eraSource: plan.eraSource };
  } catch (error) {
    const exitedOnProbe =
      protocol === 'auto' &&
      plan.prior === undefined &&
      tap.closedByPeer &&
      error instanceof SdkError &&
      error.code === SdkErrorCode.EraNegotiationFailed &&
      !ctx.signal.aborted;
    if (!exitedOnProbe) throw error;
    logger?.info('server exited on the era probe; restarting it for a legacy initialize');
  }
  const fresh = ctx.tap(await createTransport(), 'stdio');
  const connection = await openConnection(ctx, fresh, 'stdio', plan.negotiation, {
    kind: 'legacy',
  });
  return { ...connection, eraSource: 'probe' };
}

/**
 * A factory over a single transport instance: the first call hands it out, a second call (a
 * restart after the era probe) cannot be served and says so.
 */
export function singleUseTransport(transport: Transport): TransportFactory {
  let used = false;
  return () => {
    if (used) {
      throw new AppError(AppErrorCode.McpProtocol, hostText('mcp.probeExit'));
    }
    used = true;
    return transport;
  };
}
