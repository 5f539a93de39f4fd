import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../BenchContext';
import { atMost, type Goal } from '../Goal';
import { sleep } from '../sleep';
import { round, summarize, type Summary } from '../summarize';
import { ChatShell } from './ChatShell';
import { seedConversation, type SeededConversation } from './seedConversation';
import { timeOpen, type OpenTiming } from './timeOpen';

const LARGE = 5000;
const SMALL = 1000;
const WARMUP_ROUNDS = 2;
const ROUNDS = 10;
const LIMIT = 2;
/** Lets the previous open finish its deferred work before the next click. */
const SETTLE_MS = 250;

/** One conversation's open times. */
export interface OpenRow {
  messages: number;
  chars: number;
  renderedMs: Summary;
  paintedMs: Summary;
}

/** Goal 2a: opening a 5000-message conversation vs a 1000-message one, in Chromium. */
export interface ChatOpenReport {
  seedMs: number;
  historyBytes: number;
  warmupRounds: number;
  rounds: number;
  large: OpenRow;
  small: OpenRow;
  /** Median painted time, large / small. */
  ratio: number;
  goals: Goal[];
}

/**
 * Seeds a 5000- and a 1000-message conversation into the web shell's history store before
 * the shell starts, then clicks them in the sidebar in turn and times click → newest message rendered and painted (see {@link timeOpen}). Every click
 * switches conversations, so each open loads its first page from main and renders it anew.
 */
export async function benchChatOpen(ctx: BenchContext): Promise<ChatOpenReport> {
  const { shell, seeded } = await ChatShell.start({
    ctx,
    seed: (store) => {
      const started = performance.now();
      const large = seedConversation(store, `History of ${LARGE}`, LARGE, 5);
      const small = seedConversation(store, `History of ${SMALL}`, SMALL, 1);
      return { large, small, ms: round(performance.now() - started) };
    },
  });
  try {
    const historyBytes = statSync(join(shell.dataDir, 'history.sqlite')).size;
    const times = new Map<SeededConversation, OpenTiming[]>([
      [seeded.large, []],
      [seeded.small, []],
    ]);
    // Strictly alternating, so every open switches away from the other conversation.
    for (let i = 0; i < WARMUP_ROUNDS + ROUNDS; i++) {
      for (const conversation of [seeded.large, seeded.small]) {
        const timing = await timeOpen(shell.page, conversation.id, conversation.newestMarker);
        if (i >= WARMUP_ROUNDS) times.get(conversation)?.push(timing);
        await sleep(SETTLE_MS);
      }
    }
    shell.assertNoPageErrors();
    const row = (conversation: SeededConversation): OpenRow => {
      const samples = times.get(conversation) ?? [];
      return {
        messages: conversation.messages,
        chars: conversation.chars,
        renderedMs: summarize(samples.map((t) => t.renderedMs)),
        paintedMs: summarize(samples.map((t) => t.paintedMs)),
      };
    };
    const large = row(seeded.large);
    const small = row(seeded.small);
    const ratio = round(large.paintedMs.median / small.paintedMs.median);
    return {
      seedMs: seeded.ms,
      historyBytes,
      warmupRounds: WARMUP_ROUNDS,
      rounds: ROUNDS,
      large,
      small,
      ratio,
      goals: [
        atMost(
          'chatOpen.median',
          `open a ${LARGE}-message conversation / a ${SMALL}-message one (click → newest message painted), median`,
          ratio,
          LIMIT,
          'ratio',
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}
