import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '../../../main/platform/Logger';
import { createNodePlatform } from '../../../main/platform/createNodePlatform';
import { createHostCore, type HostCore } from '../../../main/services/createHostCore';

/**
 * The app's host core (settings, store, MCP, approvals, conversations, as `createHostCore`
 * wires them for every shell) in a fresh data dir with no MCP servers, talking to `baseURL`.
 * With no servers the host sends no tools and no system prompt, so its request is exactly the
 * one the bare SDK sends: the comparison measures the host, not a bigger request.
 */
export async function createChatHost(
  root: string,
  baseURL: string,
  /** More environment, e.g. OPENAI_API_KEY and OPENAI_BASE_URL for the `openai` provider. */
  extraEnv: Record<string, string> = {},
): Promise<HostCore> {
  const dataDir = await mkdtemp(join(root, 'chat-host-'));
  await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: {} }));
  // ANTHROPIC_BASE_URL applies while the base URL setting is left at its default.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ANTHROPIC_API_KEY: 'sk-bench',
    ANTHROPIC_BASE_URL: baseURL,
    ...extraEnv,
  };
  const platform = createNodePlatform({
    argv: ['--data-dir', dataDir],
    env,
    print: () => undefined,
    openUrls: false,
  });
  // The app logs to a file and keeps the console quiet; stdout here belongs to the report.
  const log = createLogger({
    file: join(platform.paths.logsDir, 'main.log'),
    consoleLevel: 'silent',
  });
  const core = await createHostCore(platform, log, { useLoginShell: false });
  await core.ready;
  return core;
}
