import { describe, expect, it } from 'vitest';
import { failed, ready } from '../../testing/fixtures';
import { serverCounts } from './serverCounts';

describe('serverCounts', () => {
  it('counts remembered servers as waiting to be needed, not as off', () => {
    expect(
      serverCounts([
        { status: ready() },
        { status: failed() },
        { status: { kind: 'remembered', toolCount: 3, learnedAt: 1 } },
        { status: { kind: 'remembered', toolCount: 1, learnedAt: 1, idleStoppedAt: 2 } },
        { status: { kind: 'stopped' } },
        { status: { kind: 'disabled' } },
      ]),
    ).toEqual({ ready: 1, failed: 1, signIn: 0, starting: 0, waiting: 2, off: 2 });
  });
});
