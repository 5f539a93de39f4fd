import { describe, expect, it } from 'vitest';
import type { AppFrame } from '../../../shared/domain/apps';
import {
  appFrameReducer,
  boundedHeight,
  initialFrameState,
  type AppFrameAction,
  type AppFrameState,
} from './appFrameState';

const frame = { frameId: 'f'.repeat(32) } as AppFrame;
const run = (...actions: AppFrameAction[]): AppFrameState =>
  actions.reduce(appFrameReducer, initialFrameState);

describe('appFrameReducer', () => {
  it('opens, loads and starts an App', () => {
    expect(run({ type: 'opened', frame }).phase).toEqual({
      kind: 'loading',
      frame,
      proxyReady: false,
    });
    expect(run({ type: 'opened', frame }, { type: 'proxyReady' }).phase).toMatchObject({
      proxyReady: true,
    });
    expect(run({ type: 'opened', frame }, { type: 'initialized' }).phase).toEqual({
      kind: 'ready',
      frame,
    });
    // Initialized before it was opened means nothing.
    expect(run({ type: 'initialized' }).phase).toEqual({ kind: 'opening' });
  });

  it('keeps the first failure, leaves full screen, and starts over on reopen', () => {
    const failed = run(
      { type: 'opened', frame },
      { type: 'displayMode', mode: 'fullscreen' },
      { type: 'failed', failure: { kind: 'init-timeout', detail: 'first' } },
      { type: 'failed', failure: { kind: 'sandbox-failed', detail: 'second' } },
    );
    expect(failed.phase).toEqual({
      kind: 'failed',
      failure: { kind: 'init-timeout', detail: 'first' },
    });
    expect(failed.displayMode).toBe('inline');
    expect(appFrameReducer(failed, { type: 'reopen' })).toEqual(initialFrameState);
    const closed = run({ type: 'opened', frame }, { type: 'closed', reason: 'server-stopped' });
    expect(
      appFrameReducer(closed, { type: 'failed', failure: { kind: 'app-error', detail: 'x' } })
        .phase,
    ).toEqual({
      kind: 'closed',
      reason: 'server-stopped',
    });
  });

  it('bounds the App’s height and keeps only the first problems', () => {
    expect(boundedHeight(10)).toBe(48);
    expect(boundedHeight(300.2)).toBe(301);
    expect(boundedHeight(100_000)).toBe(640);
    expect(boundedHeight(Number.NaN)).toBe(160);
    const many = run(
      ...Array.from({ length: 8 }, (_, i): AppFrameAction => ({
        type: 'problem',
        problem: { kind: 'app-error', text: `e${String(i)}` },
      })),
    );
    expect(many.problems.map((p) => p.text)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);
    expect(many.moreProblems).toBe(3);
  });
});
