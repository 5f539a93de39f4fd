import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessJanitor } from '../../../main/services/mcp/launch/testing/ProcessJanitor';
import { startRelayProcess, type SocketRelay } from '../startSocketRelay';
import type { HandshakeStep, JsonRpcLine } from './replayHandshake';

/**
 * Starts resultRelay.mjs in front of `node serverScript`: it sends the host's handshake again,
 * then turns each invoke frame into the host's `tools/call` request (with the frame's
 * arguments) and answers with the server's answer as the frame's value. `dir` takes its plan.
 * `unparsed`: each answer is framed without being decoded or parsed (the hop alone).
 */
export async function startResultRelay(
  serverScript: string,
  plan: { handshake: readonly HandshakeStep[]; call: JsonRpcLine },
  dir: string,
  janitor: ProcessJanitor,
  options: { unparsed?: boolean } = {},
): Promise<SocketRelay> {
  const planFile = join(dir, `result-relay-plan${options.unparsed ? '-unparsed' : ''}.json`);
  await writeFile(planFile, JSON.stringify(plan));
  const relay = join(process.cwd(), 'scripts', 'bench', 'hugeResult', 'resultRelay.mjs');
  const mode = options.unparsed ? ['--unparsed'] : [];
  return startRelayProcess([relay, serverScript, planFile, ...mode], janitor);
}
