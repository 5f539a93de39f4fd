import { expect } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { appServer } from '../fixtures/servers';

const test = chatTest({ vanilla: appServer('basic-vanillajs') });

const CALLS = 14;
/** How long a card stays near the view before its App starts (LazyAppFrame's wait). */
const SETTLE_MS = 100;

/** What the page saw of each card: near the view (from, to) and its App's frame put in. */
interface CardLog {
  near: [number, number | null][];
  startedAt: number[];
}

test('a scroll through a chat of Apps starts only the Apps whose cards stayed in view', async ({
  page,
  shell,
  fake,
}) => {
  // One call a step: each App in a row of its own, which the list unmounts out of view.
  fake.script(
    ...Array.from({ length: CALLS }, () => message([toolUse('vanilla__get-time', {})])),
    message([text('Fourteen clocks.')]),
  );
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-vanilla')).toContainText(/1 tool/, {
    timeout: 20_000,
  });
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('What time is it, fourteen times?');
  await page.keyboard.press('Enter');
  // Allowed for this chat once: the other calls go without asking.
  await page.getByTestId('approval-chat').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Fourteen clocks.', {
    timeout: 30_000,
  });
  // (The list keeps only the rows near the view: the answer says every call came back.)

  // The view settled first: every App in view has started (its wait is not half run when the
  // watch below begins, which would count its time near the view from then).
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (!list) return false;
    const view = list.getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="app-frame"][data-phase="waiting"]')].every(
      (frame) => {
        const { top, bottom } = frame.getBoundingClientRect();
        return bottom <= view.top || top >= view.bottom;
      },
    );
  });

  // Watch every card near the view (200 px around the list, which holds the App's own zone)
  // and every App start, then scroll from the end to the top, as a fast scroll does.
  await page.evaluate(() => {
    const log = new Map<string, CardLog>();
    const logOf = (id: string): CardLog => {
      const entry = log.get(id) ?? { near: [], startedAt: [] };
      log.set(id, entry);
      return entry;
    };
    const list = document.querySelector('[data-testid="message-list"]');
    const near = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.toolUseId ?? '';
          const spans = logOf(id).near;
          const last = spans.at(-1);
          const open = last?.[1] === null;
          if (entry.isIntersecting && !open) spans.push([entry.time, null]);
          if (!entry.isIntersecting && last && open) last[1] = entry.time;
        }
      },
      { root: list, rootMargin: '200px 0px' },
    );
    const watch = (node: Node): void => {
      if (!(node instanceof Element)) return;
      for (const el of [node, ...node.querySelectorAll('[data-testid="tool-call"]')]) {
        if (el.matches('[data-testid="tool-call"]')) near.observe(el);
      }
    };
    // An App starts when its card's placeholder goes while the card stays (the first time for
    // each card: a later placeholder is the one shown while the App's code loads).
    const counted = new WeakSet<Element>();
    const started = (record: MutationRecord): void => {
      const { target } = record;
      const card = target instanceof Element ? target.closest('[data-testid="tool-call"]') : null;
      const waiting = [...record.removedNodes].some(
        (n) => n instanceof Element && n.querySelector('[data-phase="waiting"]'),
      );
      if (!card?.isConnected || !waiting || counted.has(card)) return;
      counted.add(card);
      logOf((card as HTMLElement).dataset.toolUseId ?? '').startedAt.push(performance.now());
    };
    document.querySelectorAll('[data-testid="tool-call"]').forEach((el) => {
      near.observe(el);
      // Cards showing an App already started count as started before the watch.
      if (!el.querySelector('[data-phase="waiting"]')) counted.add(el);
    });
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach(watch);
        started(record);
      }
    }).observe(document.body, { childList: true, subtree: true });
    (window as unknown as { cardLog: Map<string, CardLog> }).cardLog = log;
  });
  const scrolled = await page.evaluate(async () => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (!(list instanceof HTMLElement)) throw new Error('no message list');
    const frame = (): Promise<void> => new Promise((done) => requestAnimationFrame(() => done()));
    // Half a screen a frame: each card is near the view for a few frames, under the wait.
    const step = Math.round(list.clientHeight / 2);
    let steps = 0;
    while (list.scrollTop > 0) {
      // A person's scroll: a wheel turn first (the list stops following its end), then the move.
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: -step, bubbles: true }));
      list.scrollTop = Math.max(0, list.scrollTop - step);
      steps += 1;
      await frame();
    }
    return steps;
  });
  expect(scrolled, 'screens scrolled').toBeGreaterThanOrEqual(3);
  // The cards at the top stay: their Apps start.
  await expect(page.locator('[data-testid="app-frame"][data-phase="ready"]').first()).toBeVisible({
    timeout: 15_000,
  });
  await page.waitForTimeout(SETTLE_MS * 5);

  const log = await page.evaluate(() =>
    [...(window as unknown as { cardLog: Map<string, CardLog> }).cardLog].map(([id, c]) => ({
      id,
      ...c,
    })),
  );
  const started = log.filter((c) => c.startedAt.length > 0);
  // Passed over: near the view in the scroll, never started, and not showing an App started
  // before the scroll.
  const shown = await page
    .locator('[data-testid="tool-call"]:has([data-testid="app-frame"]:not([data-phase="waiting"]))')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.toolUseId));
  const passedOver = log.filter(
    (c) => c.near.length > 0 && c.startedAt.length === 0 && !shown.includes(c.id),
  );
  expect(started.length, 'Apps started').toBeGreaterThan(0);
  expect(passedOver.length, 'cards scrolled past without starting').toBeGreaterThan(0);
  // Every App started after its card had been near the view, without a break, for the wait
  // (the start itself lands a frame or two later, by when a scroll may have taken the card on).
  for (const c of started) {
    for (const at of c.startedAt) {
      const settled = c.near.some(([from, to]) => Math.min(to ?? at, at) - from >= SETTLE_MS - 1);
      const seen = JSON.stringify({ near: c.near, startedAt: c.startedAt });
      expect(settled, `card ${c.id} near the view for ${String(SETTLE_MS)} ms: ${seen}`).toBe(true);
    }
  }

  // Near is near the list's view, which clips its rows: a card kept 100 px below the view
  // starts its App before the person scrolls to it (rows above it settle their heights as they
  // come, so the list is moved back to that place at every frame until it does: from here, a
  // check every 150 ms let a busy machine's shifts carry the card into view first).
  const id = await page.evaluate(async () => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (!(list instanceof HTMLElement)) throw new Error('no message list');
    const frame = (): Promise<void> => new Promise((done) => requestAnimationFrame(() => done()));
    // The first waiting App below the view that the list has put in (on down, fast, if none).
    const waitingBelow = (): Element | undefined => {
      const view = list.getBoundingClientRect();
      return [...list.querySelectorAll('[data-testid="app-frame"][data-phase="waiting"]')].find(
        (app) => app.getBoundingClientRect().top >= view.bottom,
      );
    };
    let next = waitingBelow();
    for (let step = 0; !next && step < 30; step++) {
      list.dispatchEvent(new WheelEvent('wheel', { deltaY: 1, bubbles: true }));
      list.scrollTop += Math.round(list.clientHeight / 2);
      await frame();
      next = waitingBelow();
    }
    const card = next?.closest('[data-testid="tool-call"]');
    if (!next || !(card instanceof HTMLElement)) return null;
    // Where the frame was when its App started: how far below the list's view its top lay.
    // (Asked at the start itself: rows above may still move it for a frame before then, which
    // is no start on sight.)
    const seen = window as unknown as { belowAtStart?: number };
    const watch = new MutationObserver(() => {
      // The started App may be a new element in the card.
      const app = card.querySelector('[data-testid="app-frame"]');
      if (!app || app.getAttribute('data-phase') === 'waiting') return;
      seen.belowAtStart = app.getBoundingClientRect().top - list.getBoundingClientRect().bottom;
      watch.disconnect();
    });
    watch.observe(card, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-phase'],
    });
    const keepBelow = (): void => {
      if (seen.belowAtStart !== undefined) return;
      const app = card.querySelector('[data-testid="app-frame"]');
      if (!app) return;
      const under = app.getBoundingClientRect().top - list.getBoundingClientRect().bottom;
      if (Math.abs(under - 100) > 30) list.scrollTop += under - 100;
      requestAnimationFrame(keepBelow);
    };
    keepBelow();
    list.dispatchEvent(new WheelEvent('wheel', { deltaY: 1, bubbles: true }));
    return card.dataset.toolUseId ?? '';
  });
  expect(id, 'a waiting App below the view').not.toBeNull();
  const frame = `[data-testid="tool-call"][data-tool-use-id="${id ?? ''}"] [data-testid="app-frame"]`;
  await expect
    .poll(
      () =>
        page.evaluate(
          (selector) => document.querySelector(selector)?.getAttribute('data-phase') ?? 'gone',
          frame,
        ),
      { timeout: 10_000, intervals: [150] },
    )
    .not.toBe('waiting');
  const below = await page.evaluate(
    () => (window as unknown as { belowAtStart?: number }).belowAtStart,
  );
  expect(below, 'how far below the view the frame was when its App started').toBeGreaterThan(0);
});
