import { fuzzyFields, type FuzzyFields } from '../../shared/text/fuzzy';
import { FuzzySearch } from '../../shared/text/FuzzySearch';
import type { BenchContext } from './BenchContext';
import { atMost, ratioGoal, type Goal } from './Goal';
import { round, summarize, type Summary } from './summarize';

const LARGE = 10_000;
const SMALL = 1_000;
const ROUNDS = 30;
/** What a person types into the picker, one keystroke at a time. */
const KEYSTROKES = ['g', 'ga', 'gam', 'gamm', 'gamma', 'gamma ', 'gamma 1', 'gamma 12', 'sec9pg'];
/** One frame at 60 Hz: a keystroke that filters within it never stalls typing. */
const FRAME_MS = 16;
/** Filtering is one pass over the items plus a sort of the hits: 10× the items, ≈10× the time. */
const RATIO_LIMIT = 12;

/** The resource picker's and prompt menu's per-keystroke filtering cost. */
export interface PickerFilterReport {
  keystrokes: number;
  rounds: number;
  /** Milliseconds per keystroke with 10 000 items. */
  large: Summary;
  /** Milliseconds per keystroke with 1 000 items. */
  small: Summary;
  /** Median per keystroke, 10 000 / 1 000 items. */
  ratio: number;
  goals: Goal[];
}

interface Row {
  f: FuzzyFields;
}

function items(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    f: fuzzyFields([
      `resource-${String(i)}-${['alpha', 'beta', 'gamma', 'delta'][i % 4] ?? ''}.md`,
      `file:///projects/switchboard/docs/section-${String(i % 97)}/page-${String(i)}.md`,
    ]),
  }));
}

/** Per-keystroke times of typing the queries over `rows` as a menu does, each round a full typing pass. */
function timeTyping(rows: readonly Row[]): number[] {
  const search = new FuzzySearch(rows, (r) => r.f);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of KEYSTROKES) {
      const started = performance.now();
      search.filter(query);
      samples.push(performance.now() - started);
    }
  }
  return samples;
}

/** Goal: filtering 10 000 resources per keystroke scales linearly and fits in a frame. */
export function benchPickerFilter(_ctx: BenchContext): Promise<PickerFilterReport> {
  const large = items(LARGE);
  const small = items(SMALL);
  // Warm the JIT on both sizes before measuring either.
  timeTyping(small);
  timeTyping(large);
  const largeTimes: number[] = [];
  const smallTimes: number[] = [];
  // Interleaved so machine noise lands on both sides alike.
  for (let i = 0; i < 3; i++) {
    smallTimes.push(...timeTyping(small));
    largeTimes.push(...timeTyping(large));
  }
  const largeSummary = summarize(largeTimes);
  const smallSummary = summarize(smallTimes);
  const ratio = largeSummary.median / Math.max(smallSummary.median, 0.001);
  return Promise.resolve({
    keystrokes: KEYSTROKES.length,
    rounds: ROUNDS * 3,
    large: largeSummary,
    small: smallSummary,
    ratio: round(ratio),
    goals: [
      ratioGoal({
        id: 'picker-filter-scaling',
        text: 'Picker filtering per keystroke with 10 000 resources, median',
        measured: largeSummary,
        baseline: smallSummary,
        baselineWhat: 'the same with 1 000 resources',
        limit: RATIO_LIMIT,
      }),
      atMost(
        'picker-filter-frame',
        'Picker filtering per keystroke with 10 000 resources, p99',
        largeSummary.p99,
        FRAME_MS,
        'ms',
        { n: largeSummary.n, measured: largeSummary },
      ),
    ],
  });
}
