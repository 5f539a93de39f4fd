import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWhenSettled } from './startWhenSettled';

/** jsdom has no IntersectionObserver: a stand-in the test moves in and out of view. */
class StandInObserver {
  static current: StandInObserver | undefined;
  readonly options: IntersectionObserverInit | undefined;
  observed: Element | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    StandInObserver.current = this;
  }
  observe(element: Element): void {
    this.observed = element;
  }
  disconnect(): void {
    this.observed = undefined;
  }
  /** The browser's report that the element came near the view or left it. */
  report(isIntersecting: boolean): void {
    if (!this.observed) return;
    const entry = { isIntersecting, target: this.observed } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

const options = { marginPx: 200, settleMs: 100 };
let starts: string[];
/** A start that records itself and its cancel. */
const start = (name: string) => () => {
  starts.push(`start ${name}`);
  return () => starts.push(`cancel ${name}`);
};

beforeEach(() => {
  starts = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('IntersectionObserver', StandInObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  StandInObserver.current = undefined;
});

describe('startWhenSettled', () => {
  it('measures nearness against the list that scrolls the card, not the page', () => {
    // The list clips its rows: against the page, a margin never reaches a row out of its view.
    const list = document.createElement('div');
    list.style.overflowY = 'auto';
    const row = document.createElement('div');
    const card = document.createElement('div');
    row.append(card);
    list.append(row);
    document.body.append(list);
    const dispose = startWhenSettled(card, start('a'), options);
    expect(StandInObserver.current?.options?.root).toBe(list);
    dispose();
    list.remove();
    // Outside any scrolling list, the page's view.
    const alone = document.createElement('div');
    document.body.append(alone);
    startWhenSettled(alone, start('b'), options)();
    expect(StandInObserver.current?.options?.root ?? null).toBeNull();
    alone.remove();
  });

  it('never starts a card a scroll only passes over', () => {
    const dispose = startWhenSettled(document.createElement('div'), start('a'), options);
    const observer = StandInObserver.current;
    expect(observer?.options?.rootMargin).toBe('200px 0px');
    observer?.report(true);
    vi.advanceTimersByTime(99);
    observer?.report(false);
    vi.advanceTimersByTime(1000);
    expect(starts).toEqual([]);
    dispose();
    expect(starts).toEqual([]);
  });

  it('starts a card that stays near the view, once, and cancels it when it leaves or goes', () => {
    const dispose = startWhenSettled(document.createElement('div'), start('a'), options);
    const observer = StandInObserver.current;
    observer?.report(true);
    vi.advanceTimersByTime(60);
    // Still near (the list moved a little): the wait is not started over.
    observer?.report(true);
    vi.advanceTimersByTime(40);
    expect(starts).toEqual(['start a']);
    observer?.report(true);
    vi.advanceTimersByTime(1000);
    expect(starts).toEqual(['start a']);
    // Gone before its turn came: its start is taken back; back again, it waits anew.
    observer?.report(false);
    expect(starts).toEqual(['start a', 'cancel a']);
    observer?.report(true);
    vi.advanceTimersByTime(100);
    expect(starts).toEqual(['start a', 'cancel a', 'start a']);
    dispose();
    expect(starts).toEqual(['start a', 'cancel a', 'start a', 'cancel a']);
    expect(observer?.observed).toBeUndefined();
  });

  it('disposed while waiting, it never starts', () => {
    const dispose = startWhenSettled(document.createElement('div'), start('a'), options);
    StandInObserver.current?.report(true);
    dispose();
    vi.advanceTimersByTime(1000);
    expect(starts).toEqual([]);
  });

  it('starts at once where nothing can tell what is in view', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const dispose = startWhenSettled(document.createElement('div'), start('a'), options);
    expect(starts).toEqual(['start a']);
    dispose();
    expect(starts).toEqual(['start a', 'cancel a']);
  });
});
