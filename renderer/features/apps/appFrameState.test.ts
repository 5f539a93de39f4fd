import { describe, expect, it } from 'vitest';
import type { AppFrame } from '../../../shared/domain/apps';
import {
  appFrameReducer,
  boundedHeight,
  initialFrameState,
  topCause,
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

  it('names the top cause: a CSP block over a failed load over an error; a blocked load once', () => {
    const cdn = 'https://cdn.example.com/lib.js';
    const state = run(
      { type: 'problem', problem: { kind: 'app-error', text: 'x is not defined' } },
      { type: 'problem', problem: { kind: 'load-failed', text: cdn, url: cdn } },
    );
    expect(topCause(state.problems)).toMatchObject({ kind: 'load-failed', text: cdn });
    // The same URL then reported as a CSP block is the block, kept once (either order).
    const blocked = appFrameReducer(state, {
      type: 'problem',
      problem: { kind: 'csp-violation', text: `script-src-elem ${cdn}`, url: cdn },
    });
    expect(blocked.problems.map((p) => p.kind)).toEqual(['app-error', 'csp-violation']);
    expect(topCause(blocked.problems)).toMatchObject({ text: `script-src-elem ${cdn}` });
    const again = appFrameReducer(blocked, {
      type: 'problem',
      problem: { kind: 'load-failed', text: cdn, url: cdn },
    });
    expect(again.problems).toHaveLength(2);
    expect(topCause([])).toBeUndefined();
  });

  it('names an error the App logged only when nothing else explains the failure', () => {
    const logged = { kind: 'console-error' as const, text: 'SecurityError: blocked' };
    const thrown = { kind: 'app-error' as const, text: 'x is not defined' };
    expect(topCause([logged])).toEqual(logged);
    expect(topCause([logged, thrown])).toEqual(thrown);
  });
});
