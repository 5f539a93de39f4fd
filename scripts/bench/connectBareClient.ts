import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';
import { CLIENT_CAPABILITIES } from '../../main/services/mcp/session/createSdkClient';
import { InPlaceStdioTransport } from './InPlaceStdioTransport';

const ignore = (): void => undefined;

/**
 * What the host asks of every server, so the baseline's requests are the host's: the same
 * capabilities (on a modern connection they ride in every request's `_meta`) and list-change
 * handlers, with which the SDK opens `subscriptions/listen` after its probe as it does for the
 * host. Without them the bare side skipped a request per server that the host makes.
 */
export const SAME_ASKS_AS_THE_HOST = {
  capabilities: CLIENT_CAPABILITIES,
  listChanged: {
    tools: { onChanged: ignore },
    prompts: { onChanged: ignore },
    resources: { onChanged: ignore },
  },
} satisfies ClientOptions;

/** A bare SDK client connected to a stdio server, the baseline the host is compared with. */
export interface BareClient {
  client: Client;
  era: string;
}

/**
 * Connects a plain `Client` over the SDK's own `StdioClientTransport` to `node script`, asking
 * what the host asks ({@link SAME_ASKS_AS_THE_HOST}).
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
    {
      ...SAME_ASKS_AS_THE_HOST,
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {}),
    },
  );
  janitor.onCleanup(() => client.close());
  await client.connect(new InPlaceStdioTransport(transport));
  janitor.trackPid(transport.pid ?? undefined);
  return { client, era: client.getProtocolEra() ?? 'unknown' };
}
