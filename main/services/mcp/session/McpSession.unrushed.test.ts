import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import type { DeadlineTimers } from './CallDeadline';
import { declineAllInteractions, type InteractionHandlers } from './InteractionHandlers';
import { McpSession } from './McpSession';
import type { ElicitResult } from './mcpTypes';
import {
  EVERYTHING_BIN,
  MODERN_FIXTURE,
  rejection,
  stdioConfig,
  TestProcesses,
  textOf,
} from './testing/TestProcesses';

/** A clock for the call deadlines that moves only when told; the server runs in real time. */
function manualClock(): DeadlineTimers & { advance(ms: number): void } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
}

let processes: TestProcesses;
let sessions: McpSession[];
beforeEach(() => {
  processes = new TestProcesses();
  sessions = [];
});
afterEach(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await processes.cleanup();
});

function start(args: string[], handlers: InteractionHandlers, clock: DeadlineTimers) {
  const config = {
    ...stdioConfig(args, 'legacy'),
    timeouts: { startupMs: 15_000, requestMs: 60_000 },
  };
  const session = new McpSession({
    config,
    transport: processes.stdioFactory(config),
    handlers,
    timers: clock,
  });
  sessions.push(session);
  return session;
}

describe('the default 60 s call timeout and a person who takes 90 s', () => {
  it('an elicitation answered after 90 s (on the call’s clock) completes its tool call', async () => {
    const clock = manualClock();
    let answer!: (result: ElicitResult) => void;
    let opened!: () => void;
    const asked = new Promise<void>((resolve) => (opened = resolve));
    const s = start(
      [EVERYTHING_BIN, 'stdio'],
      {
        ...declineAllInteractions,
        elicitation: () =>
          new Promise<ElicitResult>((resolve) => {
            answer = resolve;
            opened();
          }),
      },
      clock,
    );
    await s.connect();
    const call = s.callTool('trigger-elicitation-request', {});
    await asked;
    clock.advance(90_000);
    answer({ action: 'accept', content: { name: 'Ada Lovelace' } });
    expect(textOf(await call)).toContain('Ada Lovelace');
  });

  it('the same clock ends a call that nobody is being asked about after 60 s', async () => {
    const clock = manualClock();
    const s = start([MODERN_FIXTURE], declineAllInteractions, clock);
    await s.connect();
    const call = s.callTool('slow', { steps: 1, stepMs: 60_000 });
    // The request is on the wire before the clock moves.
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(60_000);
    expect((await rejection(call)).code).toBe(AppErrorCode.McpTimeout);
  });
});
