import { describe, expect, it } from 'vitest';
import { IdleTracker } from './IdleTracker';

const MIN = 60_000;

describe('IdleTracker', () => {
  it('counts idle time from the last message either way, on a clock the test steps', () => {
    let now = 0;
    const idle = new IdleTracker(() => now);
    idle.started('fs');
    now = 14 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    idle.traffic('fs', { direction: 'out', kind: 'request', id: 1, method: 'tools/call' });
    idle.traffic('fs', { direction: 'in', kind: 'response', id: 1 });
    now = 28 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    now = 29 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(true);
    expect(idle.isIdle('fs', 0, false)).toBe(false);
  });

  it('a request still unanswered either way keeps it busy; the host’s own change stream does not', () => {
    let now = 0;
    const idle = new IdleTracker(() => now);
    idle.started('fs');
    // A long tool call, and a question the server put to the person meanwhile.
    idle.traffic('fs', { direction: 'out', kind: 'request', id: 7, method: 'tools/call' });
    idle.traffic('fs', {
      direction: 'in',
      kind: 'request',
      id: 'q1',
      method: 'elicitation/create',
    });
    idle.traffic('fs', {
      direction: 'out',
      kind: 'request',
      id: 'l',
      method: 'subscriptions/listen',
    });
    now = 60 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    idle.traffic('fs', { direction: 'out', kind: 'response', id: 'q1' });
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    idle.traffic('fs', { direction: 'in', kind: 'error', id: 7 });
    now = 74 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    now = 75 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(true);
  });

  it('something else holding it (a subscription, a task, an App) restarts its idle time', () => {
    let now = 0;
    const idle = new IdleTracker(() => now);
    idle.started('fs');
    now = 100 * MIN;
    expect(idle.isIdle('fs', 15, true)).toBe(false);
    now = 110 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(false);
    now = 115 * MIN;
    expect(idle.isIdle('fs', 15, false)).toBe(true);
  });
});
