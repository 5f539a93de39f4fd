import { message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { BenchContext } from '../BenchContext';
import { fixtureServer } from '../fixtureServer';
import { atMost, type Goal } from '../Goal';
import { round } from '../summarize';
import { ChatShell } from './ChatShell';
import { LongTaskWatch, type LongTasks } from './LongTaskWatch';

const BYTES = 10 * 1024 * 1024;
const RUNS = 3;
const LIMIT_MS = 50;
const POLL_MS = 100;

/** One call of `huge` in a new chat. */
export interface HugeToolRun extends LongTasks {
  /** Click on "allow once" → the tool card shows the result. */
  resultMs: number;
}

/** Goal 2c: a 10 MiB tool result reaches the chat without a main-thread task over 50 ms. */
export interface ChatHugeToolResultReport {
  bytes: number;
  runs: HugeToolRun[];
  /** Longest task over 50 ms in any run; 0 when there was none. */
  longestTaskMs: number;
  goals: Goal[];
}

/**
 * The huge-result.mjs fixture configured as server `huge` in the shell's servers.json; the
 * fake asks for `huge{bytes: 10 MiB}` and then answers in text. In a new chat each run sends
 * a message, waits for the approval dialog, starts watching for long tasks (see
 * {@link LongTaskWatch}), clicks "allow once", and stops watching when the tool card shows
 * the result's text. Main bounds what reaches windows (a preview; "show all" fetches the rest),
 * so this checks that bound holds end to end and nothing in the renderer stalls on the rest.
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
      const watch = await LongTaskWatch.start(page);
      const started = performance.now();
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
      const tasks = await watch.stop();
      runs.push({ ...tasks, resultMs: round(resultMs) });
      // The turn ends with the model's answer; the next run starts on a quiet page.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="stop"]') === null,
        undefined,
        { polling: POLL_MS, timeout: 60_000 },
      );
    }
    shell.assertNoPageErrors();
    const longestTaskMs = Math.max(...runs.map((run) => run.longestMs));
    return {
      bytes: BYTES,
      runs,
      longestTaskMs,
      goals: [
        atMost(
          'chatHugeToolResult.longestTask',
          '10 MiB tool result: longest renderer task over 50 ms from "allow once" to the result shown (0 = none)',
          longestTaskMs,
          LIMIT_MS,
          'ms',
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}
