import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeAnthropic } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { EventName } from '../../../../shared/ipc/names';
import { FileSecretStore } from '../../../platform/FileSecretStore';
import { createLogger } from '../../../platform/Logger';
import { NodeExternalOpener } from '../../../platform/NodeExternalOpener';
import { appPaths } from '../../../platform/resolveDataDir';
import { createHostCore, type HostCore } from '../../createHostCore';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { EVERYTHING_BIN } from '../../mcp/session/testing/TestProcesses';

export interface ResourceHost {
  core: HostCore;
  dataDir: string;
  events: { name: EventName; payload: unknown }[];
}

/** server-everything, forced to the 2025 era (it is one; skips the probe). */
export const everything = {
  command: process.execPath,
  args: [EVERYTHING_BIN, 'stdio'],
  protocol: 'legacy',
};

/** Our resources fixture; `protocol` picks the era it is spoken to in. */
export function resourcesFixture(
  protocol: 'modern' | 'legacy',
  env: Record<string, string> = {},
): Record<string, unknown> {
  return { command: process.execPath, args: [fixtureServer('resources.mjs')], protocol, env };
}

/** A real host core on a fresh (or given) data dir, talking to the fake Messages API. */
export async function startResourceHost(
  fake: FakeAnthropic,
  servers: Record<string, Record<string, unknown>>,
  dataDir?: string,
): Promise<ResourceHost> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'sb-resources-')));
  const paths = appPaths(dir);
  await writeFile(paths.serversFile, JSON.stringify({ mcpServers: servers }));
  const core = await createHostCore(
    {
      shell: 'web',
      version: 'test',
      paths,
      secrets: new FileSecretStore(paths.secretsFile),
      opener: new NodeExternalOpener(() => {}, false),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ANTHROPIC_API_KEY: 'sk-test',
        ANTHROPIC_BASE_URL: fake.url,
      },
    },
    createLogger({ consoleLevel: 'silent' }),
    { useLoginShell: false },
  );
  const events: ResourceHost['events'] = [];
  core.events.subscribe((name, payload) => events.push({ name, payload }));
  await core.ready;
  await core.mcp.settled(20_000);
  return { core, dataDir: dir, events };
}

/** Resolves once `check` passes (polling), or fails with its last error after `timeoutMs`. */
export async function eventually(
  check: () => void | Promise<void>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
