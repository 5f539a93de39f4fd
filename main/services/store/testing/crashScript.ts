import type { StoredContentBlock } from '../MessageRecord';

/**
 * What the crash-test writer writes, as pure functions of (run, turn, delta index), so the test
 * can tell exactly what every acknowledged message must contain.
 */
export const crashScript = {
  /** The person's message of a turn (mixed scripts on purpose). */
  userContent(run: number, turn: number): StoredContentBlock[] {
    return [{ type: 'text', text: `run ${run} turn ${turn}: 请继续写下去, please.` }];
  },
  /** How many deltas the reply of a turn streams. */
  deltaCount(turn: number): number {
    return 20 + ((turn * 7) % 41);
  },
  /** The k-th streamed delta. */
  delta(k: number): string {
    return k % 5 === 0 ? `字${k} ` : `w${k} `;
  },
  /** The reply text after the first `count` deltas. */
  text(count: number): string {
    let text = '';
    for (let k = 0; k < count; k += 1) text += crashScript.delta(k);
    return text;
  },
  /** Odd turns end with a tool call. */
  toolUseId(run: number, turn: number): string | undefined {
    return turn % 2 === 1 ? `toolu_crash_${run}_${turn}` : undefined;
  },
};
