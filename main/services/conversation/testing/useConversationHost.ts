import { beforeEach } from 'vitest';
import type { FakeAnthropic } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { HostCore, HostCoreOptions } from '../../createHostCore';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { startTestHost, type TestHost } from '../../testing/startTestHost';
import { useTestHosts } from '../../testing/useTestHosts';

/** The one MCP server these chat turns call tools on. */
const echoServers = { echo: { command: process.execPath, args: [fixtureServer('echo.mjs')] } };

export interface ConversationHostFixture {
  readonly fake: FakeAnthropic;
  /** Everything broadcast by the cores started in the running test, in start order. */
  events: () => TestHost['events'];
  /** A real host core with the echo server, optionally on a given data dir. */
  start: (options?: HostCoreOptions, dataDir?: string) => Promise<HostCore>;
  /** Disposes a core now (e.g. to restart on the same data dir). */
  stop: (core: HostCore) => Promise<void>;
}

/** Per-test hooks for conversation tests: fake Messages API, echo server, disposal. */
export function useConversationHost(): ConversationHostFixture {
  const fixture = useTestHosts(startTestHost);
  const find = (core: HostCore): TestHost => {
    const host = fixture.hosts.find((h) => h.core === core);
    if (!host) throw new Error('useConversationHost: not a running core of this test');
    return host;
  };
  // Kept past `stop`, so a test that restarts still sees what the first core broadcast.
  let events: TestHost['events'][] = [];
  beforeEach(() => {
    events = [];
  });
  return {
    get fake() {
      return fixture.fake;
    },
    events: () => events.flat(),
    start: async (options = {}, dataDir) => {
      const host = await fixture.start(echoServers, { options, ...(dataDir ? { dataDir } : {}) });
      events.push(host.events);
      return host.core;
    },
    stop: (core) => fixture.stop(find(core)),
  };
}
