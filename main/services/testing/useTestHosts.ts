import { afterEach, beforeEach } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { HostCore } from '../createHostCore';

export interface TestHosts<H, A extends unknown[]> {
  /** The fake Messages API of the running test. */
  readonly fake: FakeAnthropic;
  /** The hosts started in the running test and not stopped yet, oldest first. */
  readonly hosts: readonly H[];
  /** Starts a host against `fake`; it is disposed after the test unless stopped before. */
  start(...args: A): Promise<H>;
  /** Disposes a host now (e.g. to restart on the same data dir). */
  stop(host: H): Promise<void>;
}

/**
 * Registers per-test hooks: a fresh fake Messages API before each test; after it, every host
 * still running is disposed and the fake closed.
 */
export function useTestHosts<H extends { core: HostCore }, A extends unknown[]>(
  launch: (fake: FakeAnthropic, ...args: A) => Promise<H>,
): TestHosts<H, A> {
  let fake: FakeAnthropic | undefined;
  let hosts: H[] = [];
  beforeEach(async () => {
    fake = await startFakeAnthropic();
  });
  afterEach(async () => {
    for (const host of hosts) await host.core.dispose();
    hosts = [];
    await fake?.close();
    fake = undefined;
  });
  const current = (): FakeAnthropic => {
    if (!fake) throw new Error('useTestHosts: no test is running');
    return fake;
  };
  return {
    get fake() {
      return current();
    },
    get hosts() {
      return hosts;
    },
    async start(...args) {
      const host = await launch(current(), ...args);
      hosts.push(host);
      return host;
    },
    async stop(host) {
      hosts = hosts.filter((h) => h !== host);
      await host.core.dispose();
    },
  };
}
