import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { SessionInfo } from './McpSessionOptions';
import type { EstablishedConnection } from './openConnection';

/** What a fresh connection negotiated, read from the SDK client once. */
export function describeConnection(
  connection: EstablishedConnection,
  cached?: PriorDiscovery,
): SessionInfo {
  const { client, tap, kind, eraSource } = connection;
  const info: SessionInfo = {
    era: client.getProtocolEra() ?? 'legacy',
    protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
    capabilities: client.getServerCapabilities() ?? {},
    rawCapabilities: rawCapabilitiesOf(connection, cached),
    transportKind: kind,
    eraSource,
  };
  const serverInfo = client.getServerVersion();
  if (serverInfo) info.serverInfo = serverInfo;
  const instructions = client.getInstructions();
  if (instructions !== undefined) info.instructions = instructions;
  if (typeof tap.pid === 'number') info.pid = tap.pid;
  return info;
}

/**
 * The server's capabilities as it sent them (unknown keys kept), from the handshake on the wire
 * or, after a connect from a remembered modern verdict, from that verdict.
 */
export function rawCapabilitiesOf(
  connection: EstablishedConnection,
  cached: PriorDiscovery | undefined,
): Record<string, unknown> {
  const wire = connection.tap.rawHandshakeResult?.capabilities;
  if (isRecord(wire)) return wire;
  if (connection.eraSource === 'cache' && cached?.kind === 'modern') {
    const remembered: unknown = cached.discover.capabilities;
    if (isRecord(remembered)) return remembered;
  }
  return { ...(connection.client.getServerCapabilities() ?? {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The era verdict a connection proves, in the shape `connect({ prior })` takes back. */
export function verdictOf(connection: EstablishedConnection): {
  prior: PriorDiscovery;
  httpTransport?: 'http' | 'sse';
} {
  const parsed = connection.client.getDiscoverResult();
  // The server's own capabilities, unknown keys kept (a top-level `events`): a connect from this
  // verdict sends no handshake, so it is the only place they can be read from then.
  const raw = connection.tap.rawHandshakeResult?.capabilities;
  const discover =
    parsed && isRecord(raw)
      ? { ...parsed, capabilities: { ...raw, ...parsed.capabilities } }
      : parsed;
  const prior: PriorDiscovery =
    connection.client.getProtocolEra() === 'modern' && discover
      ? { kind: 'modern', discover }
      : { kind: 'legacy' };
  return connection.kind === 'stdio' ? { prior } : { prior, httpTransport: connection.kind };
}
