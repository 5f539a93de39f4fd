import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { sleep } from '../sleep';
import type { ChatShell } from './ChatShell';
import { longReplyText } from './longReplyText';
import { MainThreadClock, type MainThreadTime } from './MainThreadClock';

/** One streamed reply as the open conversation's renderer handled it. */
export interface StreamedTurn {
  /** Enter → the reply's last words are shown and the turn is over (seen by polling). */
  wallMs: number;
  /** Renderer main-thread time over the whole turn, settling included. */
  mainThread: MainThreadTime;
}

/** The reply's text deltas come this many characters at a time (about a token each). */
export const DELTA_CHARS = 4;
/** Pause between the fake's SSE events: ~400 deltas a second, faster than a real model. */
export const EVENT_DELAY_MS = 2;
/** After the turn: the read-back of the newest page (and its render) lands within this. */
const SETTLE_MS = 500;
const POLL_MS = 100;

/**
 * Sends a message in the open conversation and has the fake answer with a long Markdown reply
 * in `deltas` text deltas, measuring the renderer's main-thread time from just before Enter
 * until the turn is over and settled. Waiting polls the page every 100 ms (one small query),
 * rather than watching every mutation, so the measuring adds next to nothing to what is
 * measured. The reply ends with `marker`, which is how its end is recognized.
 */
export async function timeStreamedTurn(
  shell: ChatShell,
  clock: MainThreadClock,
  deltas: number,
  marker: string,
): Promise<StreamedTurn> {
  const { page, fake } = shell;
  // The marker must only ever be in the reply: the prompt does not mention it.
  await page.locator('#composer-input').fill('Please write a long answer.');
  fake.script(
    message(longReplyText(deltas * DELTA_CHARS, marker), {
      chunkChars: DELTA_CHARS,
      eventDelayMs: EVENT_DELAY_MS,
    }),
  );
  const before = await clock.read();
  const started = performance.now();
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (text) =>
      document.querySelector('[data-testid="message-list"]')?.textContent.includes(text) === true &&
      document.querySelector('[data-testid="stop"]') === null,
    marker,
    { polling: POLL_MS, timeout: 120_000 },
  );
  const wallMs = performance.now() - started;
  await sleep(SETTLE_MS);
  const after = await clock.read();
  if (fake.pending !== 0) throw new Error('the scripted reply was not used');
  return { wallMs, mainThread: MainThreadClock.between(before, after) };
}
