import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpSession } from '../mcp/session/McpSession';
import { stdioConfig, TestProcesses } from '../mcp/session/testing/TestProcesses';
import type { Clock } from './Clock';
import { SubscriptionRunner, type RunnerSink } from './SubscriptionRunner';

const FIXTURE = join(__dirname, '../../../e2e/fixtures/servers/events.mjs');

/** A clock that only moves when told: timers wait until `advance`. */
class ManualClock implements Clock {
  private time = 0;
  readonly timers: { at: number; ms: number; fn: () => void }[] = [];
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): () => void {
    const timer = { at: this.time + ms, ms, fn };
    this.timers.push(timer);
    return () => {
      const i = this.timers.indexOf(timer);
      if (i >= 0) this.timers.splice(i, 1);
    };
  }
  advance(ms: number): void {
    this.time += ms;
    for (const timer of this.timers.filter((t) => t.at <= this.time)) {
      this.timers.splice(this.timers.indexOf(timer), 1);
      timer.fn();
    }
  }
}

const processes = new TestProcesses();
afterEach(() => processes.cleanup());

async function session(env: Record<string, string>): Promise<McpSession> {
  const config = stdioConfig([FIXTURE], 'legacy', env);
  const s = new McpSession({ config, transport: processes.stdioFactory(config) });
  await s.connect();
  return s;
}

function sink(log: string[]): RunnerSink {
  let cursor: string | null = null;
  return {
    cursor: () => cursor,
    setCursor: (next) => {
      cursor = next;
    },
    occurrence: (raw) => log.push((raw as { eventId: string }).eventId),
    gap: () => log.push('gap'),
    state: () => {},
    ended: (note) => log.push(`ended: ${note}`),
  };
}

describe('SubscriptionRunner timing (real fixture server, manual clock)', () => {
  it('waits at least a second between polls even when the server asks for 0 ms', async () => {
    const store = join(await mkdtemp(join(tmpdir(), 'sb-runner-')), 'history.json');
    await writeFile(store, JSON.stringify({ events: [] }));
    const s = await session({ EVENTS_STORE: store, EVENTS_NEXT_POLL_MS: '0' });
    const clock = new ManualClock();
    const log: string[] = [];
    const runner = new SubscriptionRunner({
      client: s.eventsClient(),
      type: 'ticket.created',
      arguments: {},
      mode: 'poll',
      sink: sink(log),
      clock,
    });
    runner.start();
    await expect.poll(() => clock.timers.map((t) => t.ms), { timeout: 10_000 }).toEqual([1000]);
    const event = { eventId: 't1', name: 'ticket.created', timestamp: 't', data: { title: 'A' } };
    await writeFile(store, JSON.stringify({ events: [event] }));
    // Nothing happens until the floor has passed on the clock.
    clock.advance(999);
    expect(log).toEqual([]);
    clock.advance(1);
    await expect.poll(() => log, { timeout: 10_000 }).toEqual(['t1']);
    runner.stop();
    await s.close();
  });

  it('reopens a silent push stream after two heartbeat intervals', async () => {
    const store = join(await mkdtemp(join(tmpdir(), 'sb-runner-')), 'history.json');
    await writeFile(store, JSON.stringify({ events: [] }));
    // The server never heartbeats within the test: only the clock decides.
    const s = await session({ EVENTS_STORE: store, EVENTS_HEARTBEAT_MS: '3600000' });
    const clock = new ManualClock();
    let opened = 0;
    const client = s.eventsClient();
    const stream = client.stream.bind(client);
    client.stream = (request, handlers) => {
      opened++;
      return stream(request, handlers);
    };
    const runner = new SubscriptionRunner({
      client,
      type: 'build.finished',
      arguments: {},
      mode: 'push',
      sink: sink([]),
      clock,
      heartbeatMs: 500,
    });
    runner.start();
    expect(opened).toBe(1);
    clock.advance(1000);
    expect(opened).toBe(1);
    clock.advance(1);
    expect(opened).toBe(2);
    runner.stop();
    await s.close();
  });
});
