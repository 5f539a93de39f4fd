import type { BenchContext } from '../BenchContext';
import { ratioGoal, type Goal } from '../Goal';
import { sleep } from '../sleep';
import { round, summarize, type Summary } from '../summarize';
import { ChatShell } from './ChatShell';
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
  /** Prior messages, every one of them in the renderer's list while the reply streams. */
  priorMessages: number;
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
  large: StreamingRow;
  small: StreamingRow;
  /** Median main-thread time per delta, large / small (the goal). */
  ratio: number;
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
  /** What the conversation's newest message says; it changes with every reply. */
  newest: string;
  /** Messages the list held when it was last opened. */
  loaded: number;
  samples: { task: number[]; script: number[]; styleLayout: number[]; wall: number[] };
}

/**
 * Seeds conversations with 1000 and 100 messages (tool calls among them), then, in each in
 * turn, opens it and waits until every message is in the renderer's list, sends a message that
 * the fake answers with a long Markdown reply in 2000 small text deltas, and divides the
 * renderer's main-thread time over the turn (CDP `Performance.getMetrics`, see
 * {@link MainThreadClock}) by the number of deltas. The turn's fixed costs (sending, the
 * read-back at its end) are included; with 2000 deltas they are a small share. A short warm-up
 * turn in each first, so compiling the code is not counted. Last, a 20 KB reply in the small
 * conversation compares the cost of its late deltas with its early ones
 * ({@link timeLongReplyEnds}): a renderer that re-reads the whole reply per delta gets slower.
 */
export async function benchChatStreaming(ctx: BenchContext): Promise<ChatStreamingReport> {
  const { shell, seeded } = await ChatShell.start({
    ctx,
    seed: (store) => ({
      large: seedConversation(store, `Streaming after ${LARGE}`, LARGE, 3),
      small: seedConversation(store, `Streaming after ${SMALL}`, SMALL, 4),
    }),
  });
  try {
    const clock = await MainThreadClock.start(shell.cdp);
    const condition = (conversation: SeededConversation): Condition => ({
      conversation,
      newest: conversation.newestMarker,
      loaded: 0,
      samples: { task: [], script: [], styleLayout: [], wall: [] },
    });
    const large = condition(seeded.large);
    const small = condition(seeded.small);
    let turn = 0;
    // Two conversations in turn: every open switches conversations.
    for (let pass = -1; pass < ROUNDS; pass++) {
      for (const c of [large, small]) {
        // Every prior message (and every reply streamed here before) in the list.
        const timing = await timeOpen(
          shell.page,
          c.conversation.id,
          c.newest,
          c.conversation.messages,
        );
        c.loaded = timing.messages;
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
    // The small conversation is open from the last round, every message in its list (opening
    // it again would change nothing to wait for).
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
    const rows = { large: toRow(large), small: toRow(small) };
    const ratio = round(rows.large.taskMsPerDelta.median / rows.small.taskMsPerDelta.median);
    return {
      deltas: DELTAS,
      deltaChars: DELTA_CHARS,
      eventDelayMs: EVENT_DELAY_MS,
      timeDomain: clock.timeDomain,
      rounds: ROUNDS,
      large: rows.large,
      small: rows.small,
      ratio,
      longReply: {
        chars: LONG_REPLY_CHARS,
        startMsPerDelta: longStart,
        endMsPerDelta: longEnd,
        ratio: longRatio,
      },
      goals: [
        ratioGoal({
          id: 'chatStreaming.perDelta',
          text: `renderer main-thread time per streamed text delta with ${LARGE} prior messages, all in the list, median`,
          measured: rows.large.taskMsPerDelta,
          baseline: rows.small.taskMsPerDelta,
          baselineWhat: `the same with ${SMALL} prior messages, all in the list`,
          limit: LIMIT,
        }),
        ratioGoal({
          id: 'chatStreaming.longReplyPerDelta',
          text: `renderer main-thread time per streamed text delta in a ${LONG_REPLY_CHARS / 1000} KB reply, last 20% of the reply, median`,
          measured: longEnd,
          baseline: longStart,
          baselineWhat: 'the same over the first 20% of the reply',
          limit: LONG_REPLY_LIMIT,
        }),
      ],
    };
  } finally {
    await shell.stop();
  }
}

function toRow(c: Condition): StreamingRow {
  if (c.loaded < c.conversation.messages) {
    throw new Error(`only ${c.loaded} of ${c.conversation.messages} messages were in the list`);
  }
  return {
    priorMessages: c.conversation.messages,
    taskMsPerDelta: summarize(c.samples.task),
    scriptMsPerDelta: summarize(c.samples.script),
    styleAndLayoutMsPerDelta: summarize(c.samples.styleLayout),
    wallMs: summarize(c.samples.wall),
  };
}
