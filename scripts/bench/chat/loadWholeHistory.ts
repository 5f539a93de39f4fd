import type { Page } from '@playwright/test';
import { sleep } from '../sleep';

const STEP_MS = 200;
const MAX_STEPS = 100;

/**
 * Makes the open conversation's renderer hold every message, as after a person scrolled all
 * the way up: the message list is scrolled to the top until its oldest message (found by its
 * marker) is shown, each time loading the next older page, then scrolled back to the bottom.
 */
export async function loadWholeHistory(page: Page, oldestMarker: string): Promise<void> {
  for (let step = 0; ; step++) {
    if (step >= MAX_STEPS) throw new Error(`history not loaded after ${MAX_STEPS} steps`);
    const done = await page.evaluate((marker) => {
      const list = document.querySelector('[data-testid="message-list"]');
      if (!list) throw new Error('no message list');
      list.scrollTop = 0;
      return list.textContent.includes(marker);
    }, oldestMarker);
    if (done) break;
    await sleep(STEP_MS);
  }
  await page.evaluate(() => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (list) list.scrollTop = list.scrollHeight;
  });
}
