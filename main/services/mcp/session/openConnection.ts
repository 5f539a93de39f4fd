import type {
  Client,
  PriorDiscovery,
  Transport,
  VersionNegotiationOptions,
} from '@modelcontextprotocol/client';
import type { ProtocolPreference } from '../../../../shared/domain/serverConfig';
import { MODERN_PROTOCOL_VERSION, type TransportKind } from './mcpTypes';
import type { TrafficTapTransport } from './TrafficTapTransport';

/** One SDK client connected over one (tapped) transport. */
export interface Connection {
  client: Client;
  tap: TrafficTapTransport;
  kind: TransportKind;
}

/** How the era of a connection was decided. */
export type EraSource = 'probe' | 'cache' | 'forced';

/** A connection plus how its era was chosen (what the session needs to record a verdict). */
export interface EstablishedConnection extends Connection {
  eraSource: EraSource;
}

/** What the connect helpers need from the session; keeps them free of session state. */
export interface ConnectionContext {
  /** A fresh SDK client configured for `negotiation` (handlers, list_changed, logs wired). */
  makeClient(negotiation: VersionNegotiationOptions): Client;
  /** Wraps a transport in the traffic tap. */
  tap(inner: Transport, kind: TransportKind): TrafficTapTransport;
  /** The startup deadline; connect work stops when it aborts. */
  signal: AbortSignal;
  /** Remembers the attempt in flight so an abort can close it. */
  track(connection: Connection | undefined): void;
  /** Probe timeout for `auto`. */
  probeTimeoutMs: number;
}

/**
 * Timeout for the connect-time requests themselves (`initialize`, probe default, listen ack).
 * Deliberately huge: the startup deadline governs, and it can be extended past the SDK's 60 s
 * default while a package install is visibly working.
 */
export const CONNECT_REQUEST_TIMEOUT_MS = 3_600_000;

/** The SDK negotiation options for an era preference. */
export function negotiationFor(
  protocol: ProtocolPreference,
  probeTimeoutMs: number,
): VersionNegotiationOptions {
  switch (protocol) {
    case 'legacy':
      return { mode: 'legacy' };
    case 'modern':
      return { mode: { pin: MODERN_PROTOCOL_VERSION } };
    case 'auto':
      return { mode: 'auto', probe: { timeoutMs: probeTimeoutMs } };
  }
}

/**
 * Connects a fresh client over `tap`. With `prior`, the SDK skips the probe (legacy verdict:
 * plain `initialize`; modern verdict: zero round trips). On failure the attempt is closed
 * before the error is rethrown, so no process or socket outlives it.
 */
export async function openConnection(
  ctx: ConnectionContext,
  tap: TrafficTapTransport,
  kind: TransportKind,
  negotiation: VersionNegotiationOptions,
  prior?: PriorDiscovery,
): Promise<Connection> {
  const client = ctx.makeClient(negotiation);
  const connection: Connection = { client, tap, kind };
  ctx.track(connection);
  try {
    ctx.signal.throwIfAborted();
    await client.connect(tap, {
      ...(prior ? { prior } : {}),
      signal: ctx.signal,
      timeout: CONNECT_REQUEST_TIMEOUT_MS,
    });
    ctx.signal.throwIfAborted();
    return connection;
  } catch (error) {
    await closeConnection(connection);
    throw error;
  } finally {
    ctx.track(undefined);
  }
}

/** Closes client and transport, ignoring errors: used on paths that are already failing. */
export async function closeConnection(connection: Connection): Promise<void> {
  try {
    await connection.client.close();
  } catch {
    // Already closed or never connected.
  }
  try {
    await connection.tap.close();
  } catch {
    // Same: best effort.
  }
}

/** How to connect given the era preference and a remembered verdict. */
export interface ConnectPlan {
  negotiation: VersionNegotiationOptions;
  prior?: PriorDiscovery;
  eraSource: EraSource;
}

/**
 * Picks the negotiation for a connect. A remembered verdict is used for `auto`, and a modern one
 * also for `modern` (it skips `server/discover`); `legacy` never probes, so it needs no verdict.
 */
export function planConnect(
  protocol: ProtocolPreference,
  probeTimeoutMs: number,
  cachedPrior: PriorDiscovery | undefined,
): ConnectPlan {
  const negotiation = negotiationFor(protocol, probeTimeoutMs);
  if (protocol === 'legacy') return { negotiation, eraSource: 'forced' };
  if (cachedPrior && (protocol === 'auto' || cachedPrior.kind === 'modern')) {
    return { negotiation, prior: cachedPrior, eraSource: 'cache' };
  }
  return { negotiation, eraSource: protocol === 'auto' ? 'probe' : 'forced' };
}

/**
 * Opens `subscriptions/listen` for the list changes the server advertises. The SDK does this
 * itself after a probe, but not after `connect({ prior })` with a modern verdict — without it,
 * a connect from the verdict cache would never hear about list changes. A no-op on legacy
 * connections and when the SDK already opened one.
 */
export async function openListChangedSubscription(
  client: Client,
  signal: AbortSignal,
): Promise<void> {
  if (client.getProtocolEra() !== 'modern' || client.autoOpenedSubscription) return;
  const caps = client.getServerCapabilities();
  const filter = {
    ...(caps?.tools?.listChanged ? { toolsListChanged: true } : {}),
    ...(caps?.prompts?.listChanged ? { promptsListChanged: true } : {}),
    ...(caps?.resources?.listChanged ? { resourcesListChanged: true } : {}),
  };
  if (Object.keys(filter).length === 0) return;
  await client.listen(filter, { signal, timeout: CONNECT_REQUEST_TIMEOUT_MS });
}
