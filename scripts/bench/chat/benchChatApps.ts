import type { BenchContext } from '../BenchContext';
import { fixtureServer } from '../fixtureServer';
import { atMost, spreadOf, type Goal } from '../Goal';
import { sleep } from '../sleep';
import { round, summarize, type Summary } from '../summarize';
import { BareChatShell } from './BareChatShell';
import { LongTaskWatch, type LongTasks } from './LongTaskWatch';
import type { PageEvaluator } from './PageEvaluator';
import { seedAppConversation, type SeededAppConversation } from './seedAppConversation';

const CALLS = 20;
const WARMUP_ROUNDS = 1;
const ROUNDS = 5;
const TASK_LIMIT_MS = 50;
const FIRST_PAINT_LIMIT_MS = 1000;
const SETTLE_MS = 300;
const TIMEOUT_MS = 20_000;

/** One open of a conversation: when its newest result, and its App, were painted. */
interface OpenTimes {
  /** Click → the newest call's card painted, finished (cards show their result when opened). */
  resultMs: number;
  /** Newest tool result painted → its App painted (Apps conversation only). */
  appMs?: number;
}

export interface ChatAppsRow {
  longestTaskMs: Summary;
  resultMs: Summary;
  runs: LongTasks[];
}

/** MCP Apps: time from a tool result to its App's first paint; 20 Apps opened and scrolled. */
export interface ChatAppsReport {
  calls: number;
  rounds: number;
  /** Newest result painted → its App painted, over the rounds. */
  appFirstPaintMs: Summary;
  apps: ChatAppsRow;
  /** The same conversation with plain tool cards (no Apps): the baseline. */
  plain: ChatAppsRow;
  /** Median longest task, Apps / plain (a task under 50 ms counts as 50). */
  ratio: number;
  goals: Goal[];
}

/**
 * Seeds two conversations of 20 finished calls of the v2 fixture's counter tool, one keeping
 * the counter App on every call and one without (plain cards), and has the fixture running as
 * server `apps`. Each round opens both in turn while watching the page's main thread (see
 * {@link LongTaskWatch}): click → newest result painted → (Apps) its App painted → scroll to the
 * top and back, which mounts and unmounts the rows' Apps → every App shown has started.
 */
export async function benchChatApps(ctx: BenchContext): Promise<ChatAppsReport> {
  const { shell, seeded } = await BareChatShell.start({
    ctx,
    servers: { apps: { command: process.execPath, args: [fixtureServer('apps-v2.mjs')] } },
    seed: (store) => ({
      apps: seedAppConversation(store, `${CALLS} Apps`, CALLS, true),
      plain: seedAppConversation(store, `${CALLS} plain tool calls`, CALLS, false),
    }),
  });
  try {
    const { page } = shell;
    // Listed with its tool count: the server is up.
    await page.waitForSelector('[data-testid="server-item-apps"]', 30_000, 'tools');
    const measured = {
      apps: [] as [OpenTimes, LongTasks][],
      plain: [] as [OpenTimes, LongTasks][],
    };
    for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
      for (const kind of ['plain', 'apps'] as const) {
        const conversation = seeded[kind];
        const watch = await LongTaskWatch.start(page);
        const times = await timeOpen(page, conversation, kind === 'apps');
        await scrollThrough(page);
        const tasks = await watch.stop();
        if (i >= WARMUP_ROUNDS) measured[kind].push([times, tasks]);
        await sleep(SETTLE_MS);
      }
    }
    shell.assertNoPageErrors();
    const row = (runs: [OpenTimes, LongTasks][]): ChatAppsRow => ({
      longestTaskMs: summarize(runs.map(([, t]) => t.longestMs)),
      resultMs: summarize(runs.map(([o]) => o.resultMs)),
      runs: runs.map(([, t]) => ({ ...t, longFrames: t.longFrames.slice(0, 2) })),
    });
    const apps = row(measured.apps);
    const plain = row(measured.plain);
    const appFirstPaintMs = summarize(measured.apps.map(([o]) => o.appMs ?? 0));
    const longest = Math.max(...measured.apps.map(([, t]) => t.longestMs));
    return {
      calls: CALLS,
      rounds: ROUNDS,
      appFirstPaintMs,
      apps,
      plain,
      ratio: round(
        Math.max(apps.longestTaskMs.median, TASK_LIMIT_MS) /
          Math.max(plain.longestTaskMs.median, TASK_LIMIT_MS),
      ),
      goals: [
        atMost(
          'chatApps.firstPaint',
          'tool result painted → its App painted (reopened conversation, median)',
          appFirstPaintMs.median,
          FIRST_PAINT_LIMIT_MS,
          'ms',
          { n: appFirstPaintMs.n, measured: appFirstPaintMs },
        ),
        atMost(
          'chatApps.longestTask',
          `${CALLS}-App conversation: longest renderer task over 50 ms while opening and scrolling it (0 = none)`,
          longest,
          TASK_LIMIT_MS,
          'ms',
          {
            n: measured.apps.length,
            measured: summarize(measured.apps.map(([, t]) => t.longestMs)),
            baseline: {
              what: 'the same conversation with plain tool cards (longest task, median)',
              ...spreadOf(plain.longestTaskMs),
            },
          },
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}

/** In the page: click the conversation, then time its newest result and App being painted. */
function timeOpen(
  page: PageEvaluator,
  conversation: SeededAppConversation,
  withApp: boolean,
): Promise<OpenTimes> {
  return page.evaluate(
    ({ id, result, app, timeoutMs }) =>
      new Promise<OpenTimes>((resolve, reject) => {
        const item = document.querySelector(`[data-testid="conversation-${id}"]`);
        if (!(item instanceof HTMLElement)) {
          reject(new Error(`no sidebar item for conversation ${id}`));
          return;
        }
        const painted = (): Promise<number> =>
          new Promise((done) =>
            requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0)),
          );
        // Cards are one line until opened: the newest call's card, finished, is what shows.
        const newestCard = (): Element | null =>
          document.querySelector(
            `[data-testid="tool-call"][data-tool-use-id="${result}"][data-status="done"]`,
          );
        let resultAt: Promise<number> | undefined;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          const card = newestCard();
          if (!card) return;
          resultAt ??= painted();
          if (
            app &&
            card.querySelector('[data-testid="app-frame"]')?.getAttribute('data-phase') !== 'ready'
          ) {
            return;
          }
          observer.disconnect();
          clearTimeout(timer);
          void Promise.all([resultAt, app ? painted() : resultAt]).then(([shown, appShown]) =>
            resolve({
              resultMs: shown - started,
              ...(app ? { appMs: Math.max(0, appShown - shown) } : {}),
            }),
          );
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`conversation ${id}: not shown in ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
          attributeFilter: ['data-phase'],
        });
        item.click();
      }),
    {
      id: conversation.id,
      result: conversation.newestToolUseId,
      app: withApp,
      timeoutMs: TIMEOUT_MS,
    },
  );
}

/** Scrolls the list to its top and back a screen at a time, then waits for its Apps to start. */
async function scrollThrough(page: PageEvaluator): Promise<void> {
  await page.evaluate(async (timeoutMs) => {
    const list = document.querySelector('[data-testid="message-list"]');
    if (!(list instanceof HTMLElement)) throw new Error('no message list');
    const frame = (): Promise<void> =>
      new Promise((done) => requestAnimationFrame(() => setTimeout(done, 16)));
    const step = Math.max(200, Math.round(list.clientHeight * 0.8));
    while (list.scrollTop > 0) {
      list.scrollTop = Math.max(0, list.scrollTop - step);
      await frame();
    }
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 2) {
      const before = list.scrollTop;
      list.scrollTop += step;
      await frame();
      if (list.scrollTop === before) break;
    }
    const deadline = performance.now() + timeoutMs;
    const starting = (): boolean =>
      [...document.querySelectorAll('[data-testid="app-frame"]')].some((f) =>
        ['opening', 'loading'].includes(f.getAttribute('data-phase') ?? ''),
      );
    while (starting() && performance.now() < deadline) await frame();
  }, TIMEOUT_MS);
}
