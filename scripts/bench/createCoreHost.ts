import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger, type Logger } from '../../main/platform/Logger';
import { createNodePlatform } from '../../main/platform/createNodePlatform';
import { createHostCore, type HostCore } from '../../main/services/createHostCore';
import type { BenchServer } from './BenchHost';

/** A host core and its data dir. */
export interface CoreHost {
  core: HostCore;
  dataDir: string;
  log: Logger;
}

/**
 * The app's host core (settings, store, MCP, approvals, conversations, as `createHostCore`
 * wires them for every shell) in a fresh data dir with the given servers, talking to the
 * Messages API at `baseURL`. `seed` may write into the data dir (the history store) first.
 */
export async function createCoreHost(
  root: string,
  options: {
    baseURL?: string;
    servers?: Readonly<Record<string, BenchServer>>;
    seed?: (dataDir: string) => void;
    /** More environment, e.g. OPENAI_API_KEY and OPENAI_BASE_URL for the `openai` provider. */
    env?: Readonly<Record<string, string>>;
  } = {},
): Promise<CoreHost> {
  const dataDir = await mkdtemp(join(root, 'core-host-'));
  await writeFile(
    join(dataDir, 'servers.json'),
    JSON.stringify({ mcpServers: options.servers ?? {} }),
  );
  options.seed?.(dataDir);
  // ANTHROPIC_BASE_URL applies while the base URL setting is left at its default.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ANTHROPIC_API_KEY: 'sk-bench',
    ...(options.baseURL ? { ANTHROPIC_BASE_URL: options.baseURL } : {}),
    ...options.env,
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
  return { core, dataDir, log };
}
