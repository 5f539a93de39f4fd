import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../BenchContext';
import { atMost, ratioGoal, type Goal } from '../Goal';
import { sleep } from '../sleep';
import { round, summarize, type Summary } from '../summarize';
import { BareChatShell } from './BareChatShell';
import { LongTaskWatch, type LongTasks } from './LongTaskWatch';
import { scrollBack, type ScrollBack } from './scrollBack';
import { seedConversation, type SeededConversation } from './seedConversation';
import { timeOpen, type OpenTiming } from './timeOpen';

const LARGE = 5000;
const SMALL = 1000;
const WARMUP_ROUNDS = 2;
const ROUNDS = 8;
const LIMIT = 2;
/** Lets the previous open finish its deferred work before the next click. */
const SETTLE_MS = 300;
const SCROLL_RUNS = 2;
/** List heights scrolled per frame while scrolling back. */
const SCROLL_VIEWPORTS = 2;
const TASK_LIMIT_MS = 50;

/** One conversation's open times. */
export interface OpenRow {
  messages: number;
  toolCalls: number;
  chars: number;
  /** Click → newest message painted with every message in the list: the goal's measure. */
  openMs: Summary;
  /** Click → newest message in the DOM (before the older pages are all in). */
  newestMs: Summary;
  /** Click → the list holds every message. */
  allLoadedMs: Summary;
  /** Longest main-thread task over 50 ms during each open (0 = none). */
  longestTaskMs: Summary;
}

/** Goal 2a: opening 5000 vs 1000 messages with all of them in the list, and scrolling back. */
export interface ChatOpenReport {
  seedMs: number;
  historyBytes: number;
  warmupRounds: number;
  rounds: number;
  large: OpenRow;
  small: OpenRow;
  /** Median open time, large / small. */
  ratio: number;
  /** Scrolling the 5000-message conversation from its newest message to its oldest. */
  scrollBack: (ScrollBack & LongTasks)[];
  goals: Goal[];
}

/**
 * Seeds a 5000- and a 1000-message conversation (tool calls among them) into the web shell's
 * history store before the shell starts, then clicks them in the sidebar in turn and times
 * click → newest message painted with the whole conversation loaded in the list (see
 * {@link timeOpen}); every click switches conversations, so each open loads it anew. Then
 * scrolls the large one from bottom to top, watching the main thread for long tasks.
 */
export async function benchChatOpen(ctx: BenchContext): Promise<ChatOpenReport> {
  const { shell, seeded } = await BareChatShell.start({
    ctx,
    seed: (store) => {
      const started = performance.now();
      const large = seedConversation(store, `History of ${LARGE}`, LARGE, 5);
      const small = seedConversation(store, `History of ${SMALL}`, SMALL, 1);
      return { large, small, ms: round(performance.now() - started) };
    },
  });
  try {
    // The sidebar lists the history just after the first frame: both items before any click.
    for (const conversation of [seeded.large, seeded.small]) {
      await shell.page.waitForSelector(`[data-testid="conversation-${conversation.id}"]`, 20_000);
    }
    const historyBytes = statSync(join(shell.dataDir, 'history.sqlite')).size;
    const times = new Map<SeededConversation, (OpenTiming & { longestTaskMs: number })[]>([
      [seeded.large, []],
      [seeded.small, []],
    ]);
    // Strictly alternating, so every open switches away from the other conversation.
    for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
      for (const conversation of [seeded.large, seeded.small]) {
        const watch = await LongTaskWatch.start(shell.page);
        const timing = await timeOpen(
          shell.page,
          conversation.id,
          conversation.newestMarker,
          conversation.messages,
        );
        const tasks = await watch.stop();
        if (i >= WARMUP_ROUNDS)
          times.get(conversation)?.push({ ...timing, longestTaskMs: tasks.longestMs });
        await sleep(SETTLE_MS);
      }
    }
    const row = (conversation: SeededConversation): OpenRow => {
      const samples = times.get(conversation) ?? [];
      return {
        messages: conversation.messages,
        toolCalls: conversation.toolCalls,
        chars: conversation.chars,
        openMs: summarize(samples.map((t) => t.paintedMs)),
        newestMs: summarize(samples.map((t) => t.newestMs)),
        allLoadedMs: summarize(samples.map((t) => t.allLoadedMs)),
        longestTaskMs: summarize(samples.map((t) => t.longestTaskMs)),
      };
    };
    const large = row(seeded.large);
    const small = row(seeded.small);

    const scrolls: (ScrollBack & LongTasks)[] = [];
    for (let run = 0; run < SCROLL_RUNS; run++) {
      // Opened afresh (from the other one, open last), all loaded, at its newest message.
      if (run > 0) await timeOpen(shell.page, seeded.small.id, seeded.small.newestMarker, SMALL);
      await timeOpen(shell.page, seeded.large.id, seeded.large.newestMarker, LARGE);
      await sleep(SETTLE_MS);
      const watch = await LongTaskWatch.start(shell.page);
      const scrolled = await scrollBack(shell.page, seeded.large.oldestMarker, SCROLL_VIEWPORTS);
      scrolls.push({ ...scrolled, ...(await watch.stop()) });
    }
    shell.assertNoPageErrors();
    const scrollTasks = summarize(scrolls.map((s) => s.longestMs));
    return {
      seedMs: seeded.ms,
      historyBytes,
      warmupRounds: WARMUP_ROUNDS,
      rounds: ROUNDS,
      large,
      small,
      ratio: round(large.openMs.median / small.openMs.median),
      scrollBack: scrolls,
      goals: [
        ratioGoal({
          id: 'chatOpen.median',
          text: `open a ${LARGE}-message conversation (click → newest message painted, all ${LARGE} in the list), median`,
          measured: large.openMs,
          baseline: small.openMs,
          baselineWhat: `the same for a ${SMALL}-message conversation`,
          limit: LIMIT,
        }),
        atMost(
          'chatOpen.scrollBackLongestTask',
          `scrolling a ${LARGE}-message conversation from newest to oldest (${SCROLL_VIEWPORTS} list heights a frame): longest main-thread task over 50 ms (0 = none)`,
          scrollTasks.max,
          TASK_LIMIT_MS,
          'ms',
          { n: SCROLL_RUNS, measured: scrollTasks },
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}
