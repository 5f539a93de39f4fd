import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { sleep } from '../sleep';
import type { ChatShell } from './ChatShell';
import { longReplyText } from './longReplyText';
import type { MainThreadClock, MainThreadTime } from './MainThreadClock';
import { DELTA_CHARS, EVENT_DELAY_MS } from './timeStreamedTurn';

/** Renderer cost per delta early and late in one long streamed reply. */
export interface LongReplyEnds {
  /** Main-thread ms per delta while the first part of the reply was shown. */
  startMsPerDelta: number;
  /** The same while the last part was shown. */
  endMsPerDelta: number;
}

/** Each end is this share of the reply. */
const WINDOW = 0.2;
const POLL_MS = 50;
const SETTLE_MS = 300;

interface Sample {
  chars: number;
  time: MainThreadTime;
}

/**
 * Streams one reply of `chars` characters and samples, every 50 ms, the renderer's main-thread
 * counters with how many characters of the reply are shown. The cost per delta at the start is
 * the time spent while the first 20% of the shown text appeared, divided by the deltas that took;
 * the end is the same over the last 20%. The sampling (one small query) costs the same at both ends.
 */
export async function timeLongReplyEnds(
  shell: ChatShell,
  clock: MainThreadClock,
  chars: number,
  marker: string,
): Promise<LongReplyEnds> {
  const { page, fake } = shell;
  await page.locator('#composer-input').fill('Please write a very long answer.');
  fake.script(
    message(longReplyText(chars, marker), {
      chunkChars: DELTA_CHARS,
      eventDelayMs: EVENT_DELAY_MS,
    }),
  );
  const shownChars = () =>
    page.evaluate(() => {
      const replies = document.querySelectorAll('[data-testid="assistant-message"]');
      const last = replies[replies.length - 1];
      return last?.getAttribute('aria-busy') === 'true' ? last.textContent.length : -1;
    });
  await page.keyboard.press('Enter');
  const samples: Sample[] = [];
  // Wait for the reply to start streaming, then sample until it is over.
  for (let waited = 0; (await shownChars()) <= 0; waited += POLL_MS) {
    if (waited > 30_000) throw new Error('the long reply did not start');
    await sleep(POLL_MS);
  }
  for (;;) {
    const time = await clock.read();
    const shown = await shownChars();
    if (shown < 0) break;
    samples.push({ chars: shown, time });
    await sleep(POLL_MS);
  }
  await sleep(SETTLE_MS);
  if (fake.pending !== 0) throw new Error('the scripted reply was not used');
  // Shown text is shorter than the Markdown source: measure in shares of what was shown last.
  const shownTotal = Math.max(...samples.map((s) => s.chars));
  const deltasPerShownChar = chars / DELTA_CHARS / shownTotal;
  return {
    startMsPerDelta: msPerDelta(samples, 0, WINDOW * shownTotal, deltasPerShownChar),
    endMsPerDelta: msPerDelta(samples, (1 - WINDOW) * shownTotal, shownTotal, deltasPerShownChar),
  };
}

/** Main-thread time per delta between the samples that bracket the characters `from`..`to`. */
function msPerDelta(
  samples: readonly Sample[],
  from: number,
  to: number,
  deltasPerShownChar: number,
): number {
  const first = samples.find((s) => s.chars >= from) ?? samples[0];
  const last = [...samples].reverse().find((s) => s.chars <= to) ?? samples[samples.length - 1];
  if (!first || !last || (last.chars - first.chars) * deltasPerShownChar < 50) {
    throw new Error(`too few samples between ${from} and ${to} shown characters`);
  }
  const deltas = (last.chars - first.chars) * deltasPerShownChar;
  return (last.time.taskMs - first.time.taskMs) / deltas;
}
