import { expect } from 'vitest';
import type { FakeAnthropic } from '../../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import type { InteractionView } from '../../../../shared/domain/interactions';
import type { EventName } from '../../../../shared/ipc/names';
import type { HostCore } from '../../createHostCore';
import { EVERYTHING_BIN } from '../../mcp/session/testing/TestProcesses';
import { fixtureServer } from '../../mcp/testing/McpHarness';
import { startTestHost, type TestHostOptions } from '../../testing/startTestHost';

/** server-everything on the 2025 era (stdio). */
export const everything = {
  command: process.execPath,
  args: [EVERYTHING_BIN, 'stdio'],
  protocol: 'legacy',
};

/** Our v2 interactions fixture, spoken to in the given era. */
export function interactionsFixture(protocol: 'modern' | 'legacy'): Record<string, unknown> {
  return {
    command: process.execPath,
    args: [fixtureServer('modern-v2-interactions.mjs')],
    protocol,
  };
}

export interface InteractionHost {
  core: HostCore;
  dataDir: string;
  events: { name: EventName; payload: unknown }[];
  /** URLs the platform opener was asked to open (`asked again: …` when not consented). */
  opened: string[];
  /** Waits for the next pending interaction of `kind` and returns it. */
  next<K extends InteractionView['kind']>(
    kind: K,
    server?: string,
  ): Promise<Extract<InteractionView, { kind: K }>>;
  call(server: string, tool: string, args?: Record<string, unknown>): Promise<string>;
}

export type StartOptions = Omit<TestHostOptions, 'opener'>;

/** A real host core (broker, McpService, supervisors) on a fresh data dir. */
export async function startInteractionHost(
  fake: FakeAnthropic,
  servers: Record<string, Record<string, unknown>>,
  start: StartOptions = {},
): Promise<InteractionHost> {
  const opened: string[] = [];
  const { core, dataDir, events } = await startTestHost(fake, servers, {
    ...start,
    opener: {
      // The consent panel is the confirmation: a shell asked to confirm once more shows up
      // marked, so every test that expects a plain URL also proves there was no second ask.
      openExternal: (url, options) => {
        opened.push(options?.consented ? url : `asked again: ${url}`);
        return Promise.resolve(true);
      },
    },
  });
  const seen = new Set<string>();
  return {
    core,
    dataDir,
    events,
    opened,
    async next(kind, server) {
      let found: InteractionView | undefined;
      await expect
        .poll(
          () => {
            found = core.interactions.broker
              .pending()
              .find((i) => i.kind === kind && !seen.has(i.id) && (!server || i.server === server));
            return found !== undefined;
          },
          { timeout: 15_000, interval: 20 },
        )
        .toBe(true);
      if (!found) throw new Error('unreachable');
      seen.add(found.id);
      return found as Extract<InteractionView, { kind: typeof kind }>;
    },
    async call(server, tool, args = {}) {
      const result = await core.mcp.supervisor(server).callTool(tool, args, { timeoutMs: 30_000 });
      return result.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
    },
  };
}

/** Waits until the interaction left the pending list. */
export async function gone(host: InteractionHost, id: string): Promise<void> {
  await expect
    .poll(() => host.core.interactions.broker.pending().some((i) => i.id === id), {
      timeout: 10_000,
      interval: 20,
    })
    .toBe(false);
}
