import type { PriorDiscovery } from '@modelcontextprotocol/client';
import type { SessionInfo } from './McpSessionOptions';
import type { EstablishedConnection } from './openConnection';

/** What a fresh connection negotiated, read from the SDK client once. */
export function describeConnection(connection: EstablishedConnection): SessionInfo {
  const { client, tap, kind, eraSource } = connection;
  const info: SessionInfo = {
    era: client.getProtocolEra() ?? 'legacy',
    protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
    capabilities: client.getServerCapabilities() ?? {},
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

/** The era verdict a connection proves, in the shape `connect({ prior })` takes back. */
export function verdictOf(connection: EstablishedConnection): {
  prior: PriorDiscovery;
  httpTransport?: 'http' | 'sse';
} {
  const discover = connection.client.getDiscoverResult();
  const prior: PriorDiscovery =
    connection.client.getProtocolEra() === 'modern' && discover
      ? { kind: 'modern', discover }
      : { kind: 'legacy' };
  return connection.kind === 'stdio' ? { prior } : { prior, httpTransport: connection.kind };
}
