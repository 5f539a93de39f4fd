import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAnthropic } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { EventName } from '../../../shared/ipc/names';
import { FileSecretStore } from '../../platform/FileSecretStore';
import { createLogger } from '../../platform/Logger';
import { NodeExternalOpener } from '../../platform/NodeExternalOpener';
import type { PlatformServices } from '../../platform/PlatformServices';
import { appPaths } from '../../platform/resolveDataDir';
import { createHostCore, type HostCore, type HostCoreOptions } from '../createHostCore';

export interface TestHost {
  core: HostCore;
  dataDir: string;
  /** Every event the core broadcast to windows, in order. */
  events: { name: EventName; payload: unknown }[];
}

export interface TestHostOptions {
  options?: HostCoreOptions;
  /** Reuse a data dir (e.g. to restart on the same history); a fresh temp dir otherwise. */
  dataDir?: string;
  /** Defaults to an opener that opens nothing. */
  opener?: PlatformServices['opener'];
  pickFolder?: PlatformServices['pickFolder'];
  /** More environment (e.g. OPENAI_BASE_URL for a Chat Completions provider). */
  env?: Record<string, string>;
}

/** A real host core (McpService, supervisors, brokers) on the given servers file, talking to the
 * fake Messages API. */
export async function startTestHost(
  fake: FakeAnthropic,
  servers: Record<string, Record<string, unknown>>,
  start: TestHostOptions = {},
): Promise<TestHost> {
  const dir = start.dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-host-')));
  const paths = appPaths(dir);
  await writeFile(paths.serversFile, JSON.stringify({ mcpServers: servers }));
  const core = await createHostCore(
    {
      shell: 'web',
      version: 'test',
      paths,
      secrets: new FileSecretStore(paths.secretsFile),
      opener: start.opener ?? new NodeExternalOpener(() => {}, false),
      ...(start.pickFolder ? { pickFolder: start.pickFolder } : {}),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ANTHROPIC_API_KEY: 'sk-test',
        ANTHROPIC_BASE_URL: fake.url,
        ...start.env,
      },
    },
    createLogger({ consoleLevel: 'silent' }),
    { useLoginShell: false, ...start.options },
  );
  const events: TestHost['events'] = [];
  core.events.subscribe((name, payload) => events.push({ name, payload }));
  await core.ready;
  await core.mcp.settled(20_000);
  return { core, dataDir: dir, events };
}
