import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dropWarmOrigins,
  holdAppOrigin,
  KEEP_WARM_MS,
  MAX_WARM_ORIGINS,
  warmOrigins,
} from './holdAppOrigin';

const FLAGS = 'allow-scripts allow-same-origin';
const page = (label: string, frame = 'f1') => `http://${label}.localhost:4100/frame/${frame}`;
const warmFrames = () => [
  ...document.querySelectorAll<HTMLIFrameElement>('.app-origin-warm iframe'),
];

beforeEach(() => {
  // Origins another test file left warm are still held in the module (files share modules).
  dropWarmOrigins();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  dropWarmOrigins();
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('holdAppOrigin', () => {
  it('keeps an empty page of the App’s origin once its last showing goes, then lets it go', () => {
    const first = holdAppOrigin(page('aa'), FLAGS);
    const second = holdAppOrigin(page('aa', 'f2'), FLAGS);
    expect(warmFrames()).toHaveLength(0);
    first();
    expect(warmFrames()).toHaveLength(0); // another showing is still on the page
    second();
    const [frame] = warmFrames();
    expect(frame?.getAttribute('src')).toBe('http://aa.localhost:4100/warm');
    // The App frame's flags: the same process as the App's frames.
    expect(frame?.getAttribute('sandbox')).toBe(FLAGS);
    expect(frame?.getAttribute('tabindex')).toBe('-1');
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    vi.advanceTimersByTime(KEEP_WARM_MS - 1);
    expect(warmOrigins()).toEqual(['http://aa.localhost:4100']);
    vi.advanceTimersByTime(1);
    expect(warmFrames()).toHaveLength(0);
    expect(warmOrigins()).toEqual([]);
  });

  it('keeps the warm page while the App is shown again, and counts the time from its last going', () => {
    holdAppOrigin(page('aa'), FLAGS)();
    vi.advanceTimersByTime(KEEP_WARM_MS - 10);
    const again = holdAppOrigin(page('aa', 'f2'), FLAGS);
    vi.advanceTimersByTime(KEEP_WARM_MS);
    expect(warmFrames()).toHaveLength(1); // not dropped while shown
    again();
    again(); // a second call changes nothing
    vi.advanceTimersByTime(KEEP_WARM_MS - 1);
    expect(warmFrames()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(warmFrames()).toHaveLength(0);
  });

  it(`keeps at most ${String(MAX_WARM_ORIGINS)} idle origins, the most recent ones`, () => {
    const labels = ['a1', 'a2', 'a3', 'a4', 'a5'];
    for (const label of labels) {
      holdAppOrigin(page(label), FLAGS)();
      vi.advanceTimersByTime(1_000);
    }
    expect(warmOrigins()).toEqual(
      labels.slice(-MAX_WARM_ORIGINS).map((label) => `http://${label}.localhost:4100`),
    );
    expect(warmFrames()).toHaveLength(MAX_WARM_ORIGINS);
  });

  it('keys Electron’s custom scheme by its host (its URL origin is "null")', () => {
    holdAppOrigin('switchboard-app://bb/frame/f1', FLAGS)();
    expect(warmFrames()[0]?.getAttribute('src')).toBe('switchboard-app://bb/warm');
  });

  it('ignores a page address it cannot read', () => {
    holdAppOrigin('not a url', FLAGS)();
    holdAppOrigin('about:blank', FLAGS)();
    expect(warmFrames()).toHaveLength(0);
  });
});
