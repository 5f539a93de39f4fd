import type { BenchContext } from '../BenchContext';
import { atMost, type Goal } from '../Goal';
import { sleep } from '../sleep';
import { round, summarize, type Summary } from '../summarize';
import { ChatShell } from './ChatShell';
import { loadWholeHistory } from './loadWholeHistory';
import { MainThreadClock } from './MainThreadClock';
import { seedConversation, type SeededConversation } from './seedConversation';
import { timeLongReplyEnds } from './timeLongReplyEnds';
import { timeOpen } from './timeOpen';
import { DELTA_CHARS, EVENT_DELAY_MS, timeStreamedTurn } from './timeStreamedTurn';

const LARGE = 1000;
const SMALL = 100;
const DELTAS = 2000;
const WARMUP_DELTAS = 300;
const ROUNDS = 3;
const LIMIT = 1.5;
const SETTLE_MS = 300;
/** The long reply whose late deltas are compared with its early ones. */
const LONG_REPLY_CHARS = 20_000;
const LONG_REPLY_LIMIT = 1.25;

/** Streaming costs with one amount of history before the reply. */
export interface StreamingRow {
  priorMessages: number;
  /** Whether every prior message was loaded into the renderer (scrolled up) or only the first page. */
  wholeHistoryLoaded: boolean;
  /** Renderer main-thread time per text delta (ms): the goal's measure. */
  taskMsPerDelta: Summary;
  scriptMsPerDelta: Summary;
  styleAndLayoutMsPerDelta: Summary;
  /** Enter → reply shown and turn over. */
  wallMs: Summary;
}

/** Goal 2b: the renderer's cost of a streamed token with 1000 vs 100 prior messages. */
export interface ChatStreamingReport {
  deltas: number;
  deltaChars: number;
  eventDelayMs: number;
  /** `threadTicks`: CPU time of the renderer's main thread; `timeTicks`: wall time. */
  timeDomain: string;
  rounds: number;
  /** 1000 prior messages, the conversation as opened (the renderer loads the newest page). */
  large: StreamingRow;
  small: StreamingRow;
  /** 1000 prior messages, all of them loaded by scrolling up first: not part of the goal. */
  largeWholeHistory: StreamingRow;
  /** Median main-thread time per delta, large / small (the goal). */
  ratio: number;
  /** The same with the whole history loaded in the renderer, for information. */
  wholeHistoryRatio: number;
  /** One 20 KB reply (100 prior messages): cost per delta early and late in the stream. */
  longReply: {
    chars: number;
    startMsPerDelta: Summary;
    endMsPerDelta: Summary;
    /** Median end / median start. */
    ratio: number;
  };
  goals: Goal[];
}

interface Condition {
  conversation: SeededConversation;
  loadWholeHistory: boolean;
  /** What the conversation's newest message says; it changes with every reply. */
  newest: string;
  samples: { task: number[]; script: number[]; styleLayout: number[]; wall: number[] };
}

/**
 * Seeds conversations with 1000 and 100 messages, then, in each in turn, sends a message that
 * the fake answers with a long Markdown reply in 2000 small text deltas, and divides the
 * renderer's main-thread time over the turn (CDP `Performance.getMetrics`, see
 * {@link MainThreadClock}) by the number of deltas. The turn's fixed costs (sending, the
 * read-back at its end) are included; with 2000 deltas they are a small share. A conversation
 * opens with its newest page of messages, so a third one of 1000 is measured with all its
 * messages loaded (scrolled up first), to show what history in the renderer costs. A short
 * warm-up turn in each first, so compiling the code is not counted. Last, a 20 KB reply in the
 * small conversation compares the cost of its late deltas with its early ones
 * ({@link timeLongReplyEnds}): a renderer that re-reads the whole reply per delta gets slower.
 */
export async function benchChatStreaming(ctx: BenchContext): Promise<ChatStreamingReport> {
  const { shell, seeded } = await ChatShell.start({
    ctx,
    seed: (store) => ({
      large: seedConversation(store, `Streaming after ${LARGE}`, LARGE, 3),
      small: seedConversation(store, `Streaming after ${SMALL}`, SMALL, 4),
      whole: seedConversation(store, `Streaming after ${LARGE}, all loaded`, LARGE, 6),
    }),
  });
  try {
    const clock = await MainThreadClock.start(shell.cdp);
    const condition = (conversation: SeededConversation, whole: boolean): Condition => ({
      conversation,
      loadWholeHistory: whole,
      newest: conversation.newestMarker,
      samples: { task: [], script: [], styleLayout: [], wall: [] },
    });
    const large = condition(seeded.large, false);
    const small = condition(seeded.small, false);
    const whole = condition(seeded.whole, true);
    let turn = 0;
    // Three different conversations in a fixed order: every open switches conversations.
    for (let pass = -1; pass < ROUNDS; pass++) {
      for (const c of [large, small, whole]) {
        await timeOpen(shell.page, c.conversation.id, c.newest);
        if (c.loadWholeHistory) await loadWholeHistory(shell.page, c.conversation.oldestMarker);
        await sleep(SETTLE_MS);
        const marker = `reply-end-${turn++}`;
        const deltas = pass < 0 ? WARMUP_DELTAS : DELTAS;
        const result = await timeStreamedTurn(shell, clock, deltas, marker);
        c.newest = marker;
        if (pass < 0) continue;
        const { mainThread } = result;
        c.samples.task.push(mainThread.taskMs / deltas);
        c.samples.script.push(mainThread.scriptMs / deltas);
        c.samples.styleLayout.push((mainThread.styleMs + mainThread.layoutMs) / deltas);
        c.samples.wall.push(result.wallMs);
      }
    }
    // A reply so long that re-reading all of it on every delta would show: its end against its start.
    const starts: number[] = [];
    const ends: number[] = [];
    await timeOpen(shell.page, small.conversation.id, small.newest);
    for (let round = 0; round < ROUNDS; round++) {
      await sleep(SETTLE_MS);
      const marker = `reply-end-${turn++}`;
      const result = await timeLongReplyEnds(shell, clock, LONG_REPLY_CHARS, marker);
      starts.push(result.startMsPerDelta);
      ends.push(result.endMsPerDelta);
    }
    const longStart = summarize(starts);
    const longEnd = summarize(ends);
    const longRatio = round(longEnd.median / longStart.median);
    shell.assertNoPageErrors();
    const rows = { large: toRow(large), small: toRow(small), whole: toRow(whole) };
    const ratio = round(rows.large.taskMsPerDelta.median / rows.small.taskMsPerDelta.median);
    return {
      deltas: DELTAS,
      deltaChars: DELTA_CHARS,
      eventDelayMs: EVENT_DELAY_MS,
      timeDomain: clock.timeDomain,
      rounds: ROUNDS,
      large: rows.large,
      small: rows.small,
      largeWholeHistory: rows.whole,
      ratio,
      wholeHistoryRatio: round(rows.whole.taskMsPerDelta.median / rows.small.taskMsPerDelta.median),
      longReply: {
        chars: LONG_REPLY_CHARS,
        startMsPerDelta: longStart,
        endMsPerDelta: longEnd,
        ratio: longRatio,
      },
      goals: [
        atMost(
          'chatStreaming.perDelta',
          `renderer main-thread time per streamed text delta, ${LARGE} / ${SMALL} prior messages (as opened), median`,
          ratio,
          LIMIT,
          'ratio',
        ),
        atMost(
          'chatStreaming.longReplyPerDelta',
          `renderer main-thread time per streamed text delta in a ${LONG_REPLY_CHARS / 1000} KB reply, last 20% / first 20% of the reply, median`,
          longRatio,
          LONG_REPLY_LIMIT,
          'ratio',
        ),
      ],
    };
  } finally {
    await shell.stop();
  }
}

function toRow(c: Condition): StreamingRow {
  return {
    priorMessages: c.conversation.messages,
    wholeHistoryLoaded: c.loadWholeHistory,
    taskMsPerDelta: summarize(c.samples.task),
    scriptMsPerDelta: summarize(c.samples.script),
    styleAndLayoutMsPerDelta: summarize(c.samples.styleLayout),
    wallMs: summarize(c.samples.wall),
  };
}
