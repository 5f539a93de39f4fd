import type { FakeAnthropic } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { EVERYTHING_BIN } from '../../mcp/session/testing/TestProcesses';
import { startTestHost, type TestHost } from '../../testing/startTestHost';

export type ResourceHost = TestHost;

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
  return startTestHost(fake, servers, dataDir ? { dataDir } : {});
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
