import { message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { BenchContext } from '../BenchContext';
import { fixtureServer } from '../fixtureServer';
import { atMost, type Goal } from '../Goal';
import { round, summarize } from '../summarize';
import { ChatShell } from './ChatShell';
import { LongTaskWatch, type LongTasks } from './LongTaskWatch';

const BYTES = 10 * 1024 * 1024;
const RUNS = 3;
const LIMIT_MS = 50;
const POLL_MS = 100;
/** What huge-result.mjs repeats; the text's last line is what is left of it at the end. */
const PATTERN = 'The quick brown fox jumps over the lazy dog 0123456789.\n';
const LAST_LINE = PATTERN.repeat(Math.ceil(BYTES / PATTERN.length))
  .slice(0, BYTES)
  .split('\n')
  .at(-1);

/** One call of `huge` in a new chat, then "Show all" on its result. */
export interface HugeToolRun {
  /** Click on "allow once" → the tool card shows the result. */
  resultMs: number;
  result: LongTasks;
  /** Click on "Show all" → all 10 MiB are in the viewer and its last line is drawn. */
  showAllMs: number;
  showAll: LongTasks;
}

/** Goals 2c/2d: a 10 MiB tool result reaches the chat, and is shown whole, without long tasks. */
export interface ChatHugeToolResultReport {
  bytes: number;
  runs: HugeToolRun[];
  goals: Goal[];
}

/**
 * The huge-result.mjs fixture configured as server `huge` in the shell's servers.json; the
 * fake asks for `huge{bytes: 10 MiB}` and then answers in text. In a new chat each run sends a
 * message, waits for the approval dialog, and watches the page's main thread for long tasks
 * (see {@link LongTaskWatch}) from "allow once" until the tool card shows the result's preview;
 * then, once the turn is over, from "Show all" until the whole text is in the viewer and its
 * last line is drawn at the bottom.
 */
export async function benchChatHugeToolResult(
  ctx: BenchContext,
): Promise<ChatHugeToolResultReport> {
  const { shell } = await ChatShell.start({
    ctx,
    servers: { huge: { command: process.execPath, args: [fixtureServer('huge-result.mjs')] } },
    seed: () => null,
  });
  try {
    const { page, fake } = shell;
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="server-item-huge"]')
          ?.textContent.includes('1 tool') === true,
      undefined,
      { polling: POLL_MS, timeout: 30_000 },
    );
    const runs: HugeToolRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.getByTestId('new-chat').click();
      fake.script(
        message([toolUse('huge__huge', { bytes: BYTES })]),
        message('The tool returned a great deal of text.'),
      );
      await page.locator('#composer-input').fill(`Call the huge tool (${i + 1}).`);
      await page.keyboard.press('Enter');
      await page.getByTestId('approval-once').waitFor({ timeout: 20_000 });
      // A tool card is one line until opened: open it (behind the approval dialog, so not by a
      // pointer), so the result shows as it arrives.
      await page.getByTestId('tool-call-toggle').last().dispatchEvent('click');
      await page.getByTestId('tool-call-details').last().waitFor({ timeout: 20_000 });
      let watch = await LongTaskWatch.start(page);
      let started = performance.now();
      await page.getByTestId('approval-once').click();
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="tool-call"] .tool-call__result')
            ?.textContent.includes('The quick brown fox') === true,
        undefined,
        { polling: POLL_MS, timeout: 60_000 },
      );
      const resultMs = performance.now() - started;
      const result = await watch.stop();
      // The turn ends with the model's answer; "Show all" starts on a quiet page.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="stop"]') === null,
        undefined,
        { polling: POLL_MS, timeout: 60_000 },
      );
      const card = page.getByTestId('tool-call').last();
      watch = await LongTaskWatch.start(page);
      started = performance.now();
      await card.locator('.tool-call__result .bounded__more button').click();
      await page.waitForFunction(
        ({ bytes, lastLine }) => {
          const view = document.querySelector('[data-testid="large-text"]');
          if (!(view instanceof HTMLElement)) return false;
          if (
            Number(view.dataset.loadedChars) !== bytes ||
            view.getAttribute('aria-busy') !== 'false'
          )
            return false;
          // The end of the text, drawn: scrolled to the bottom, its last row is in the page.
          view.scrollTop = view.scrollHeight;
          const rows = view.querySelectorAll('.large-text__row');
          return rows[rows.length - 1]?.textContent === lastLine;
        },
        { bytes: BYTES, lastLine: LAST_LINE },
        { polling: POLL_MS, timeout: 120_000 },
      );
      const showAllMs = performance.now() - started;
      const showAll = await watch.stop();
      runs.push({ resultMs: round(resultMs), result, showAllMs: round(showAllMs), showAll });
    }
    shell.assertNoPageErrors();
    const resultTasks = summarize(runs.map((run) => run.result.longestMs));
    const showAllTasks = summarize(runs.map((run) => run.showAll.longestMs));
    return {
      bytes: BYTES,
      runs,
      goals: [
        atMost(
          'chatHugeToolResult.longestTask',
          '10 MiB tool result: longest renderer task over 50 ms from "allow once" to the result shown (0 = none)',
          resultTasks.max,
          LIMIT_MS,
          'ms',
          { n: RUNS, measured: resultTasks },
        ),
        atMost(
          'chatShowAll.longestTask',
          '"Show all" of a 10 MiB tool result: longest renderer task over 50 ms until all of it is in the viewer (0 = none)',
          showAllTasks.max,
          LIMIT_MS,
          'ms',
          { n: RUNS, measured: showAllTasks },
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}
