import { describe, expect, it } from 'vitest';
import { CallDeadline, type DeadlineTimers } from './CallDeadline';
import { PersonWaits } from './PersonWaits';

/** A clock that moves only when told to. */
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
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !timers.has(id)) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
}

function setup(options: { idleMs: number; maxTotalMs?: number }) {
  const clock = manualClock();
  const waits = new PersonWaits();
  const deadline = new CallDeadline({ ...options, waits, timers: clock });
  let answer: (() => void) | undefined;
  const ask = (): Promise<void> =>
    waits.during(() => new Promise<void>((resolve) => (answer = resolve)));
  return { clock, deadline, ask, answer: () => answer?.() };
}

describe('CallDeadline: a tool call timeout that waits for the person', () => {
  it('times out after the idle time; progress starts it over', () => {
    const { clock, deadline } = setup({ idleMs: 60_000 });
    clock.advance(59_000);
    deadline.touch();
    clock.advance(59_000);
    expect(deadline.signal.aborted).toBe(false);
    clock.advance(1_000);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toMatchObject({ message: 'Request timed out' });
  });

  it('stands still for 90 s while a form is open, then gives the whole idle time again', async () => {
    const { clock, deadline, ask, answer } = setup({ idleMs: 60_000 });
    clock.advance(50_000);
    const asked = ask();
    clock.advance(90_000);
    expect(deadline.signal.aborted).toBe(false);
    answer();
    await asked;
    clock.advance(59_999);
    expect(deadline.signal.aborted).toBe(false);
    clock.advance(1);
    expect(deadline.signal.aborted).toBe(true);
  });

  it('a total cap counts only time nobody was asked anything', async () => {
    const { clock, deadline, ask, answer } = setup({ idleMs: 10_000, maxTotalMs: 15_000 });
    clock.advance(9_000);
    deadline.touch();
    const asked = ask();
    clock.advance(600_000);
    answer();
    await asked;
    clock.advance(5_999);
    expect(deadline.signal.aborted).toBe(false);
    clock.advance(1);
    expect(deadline.signal.reason).toMatchObject({ message: 'Maximum total timeout exceeded' });
  });

  it('a call that starts while the person is being asked waits for the answer', async () => {
    const clock = manualClock();
    const waits = new PersonWaits();
    let answer!: () => void;
    const asked = waits.during(() => new Promise<void>((resolve) => (answer = resolve)));
    const deadline = new CallDeadline({ idleMs: 1_000, waits, timers: clock });
    clock.advance(5_000);
    expect(deadline.signal.aborted).toBe(false);
    answer();
    await asked;
    clock.advance(1_000);
    expect(deadline.signal.aborted).toBe(true);
    deadline.dispose();
  });
});
