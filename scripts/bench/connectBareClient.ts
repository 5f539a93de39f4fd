import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { InPlaceStdioTransport } from './InPlaceStdioTransport';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';

/** A bare SDK client connected to a stdio server, the baseline the host is compared with. */
export interface BareClient {
  client: Client;
  era: string;
}

/**
 * Connects a plain `Client` over the SDK's own `StdioClientTransport` to `node script`.
 * `modern` turns on the SDK's era probe so both sides speak the same protocol revision as
 * the host; the comparison would otherwise also measure a protocol difference. The probe runs
 * in place on the one server process, as the host's does (see InPlaceStdioTransport).
 */
export async function connectBareClient(
  script: string,
  era: 'legacy' | 'modern',
  janitor: ProcessJanitor,
): Promise<BareClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [script],
    stderr: 'pipe',
  });
  // Drained so a chatty server can never block on a full stderr pipe.
  transport.stderr?.on('data', () => undefined);
  const client = new Client(
    { name: 'switchboard-bench-bare', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  janitor.onCleanup(() => client.close());
  await client.connect(new InPlaceStdioTransport(transport));
  janitor.trackPid(transport.pid ?? undefined);
  return { client, era: client.getProtocolEra() ?? 'unknown' };
}
