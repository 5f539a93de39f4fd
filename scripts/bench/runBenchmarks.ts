import { availableParallelism, loadavg } from 'node:os';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';
import type { BenchContext } from './BenchContext';
import { benchHugeResult } from './hugeResult/benchHugeResult';
import { benchMemory } from './benchMemory';
import { benchPickerFilter } from './benchPickerFilter';
import { benchQuit } from './benchQuit';
import { benchStartup } from './benchStartup';
import { benchSandbox } from './benchSandbox';
import { benchToolCall } from './benchToolCall';
import { benchChatApps } from './chat/benchChatApps';
import { benchChatFirstToken } from './chat/benchChatFirstToken';
import { benchChatFirstTokenOpenAi } from './chat/benchChatFirstTokenOpenAi';
import { benchChatHugeToolResult } from './chat/benchChatHugeToolResult';
import { benchChatOpen } from './chat/benchChatOpen';
import { benchChatStreaming } from './chat/benchChatStreaming';
import type { Goal } from './Goal';
import { benchPageLoad } from './pageLoad/benchPageLoad';
import { benchToolSearch } from './toolSearch/benchToolSearch';
import { benchToolSearchFirstToken } from './toolSearch/benchToolSearchFirstToken';
import { benchOnDemand } from './benchOnDemand';
import { round } from './summarize';
import { FRESH_PROCESS_ENV, runInFreshProcess } from './runInFreshProcess';

/** The JSON document `npm run bench` prints. */
export interface BenchReport {
  node: string;
  platform: string;
  cores: number;
  /** `os.loadavg()` before and after: other work on the machine skews every timing. */
  loadAverage: { before: number[]; after: number[] };
  startedAt: string;
  durationMs: number;
  /** Every goal with its verdict; a goal missing here belongs to a benchmark that crashed. */
  goals: Goal[];
  allPass: boolean;
  results: Record<string, unknown>;
  errors: { bench: string; message: string }[];
}

type Benchmark = (ctx: BenchContext) => Promise<{ goals: Goal[] }>;

/** In this order; a crash in one is reported and the others still run. */
const BENCHMARKS: [string, Benchmark][] = [
  ['memory', benchMemory],
  ['quit', benchQuit],
  ['toolCall', benchToolCall],
  ['startup', benchStartup],
  ['sandbox', benchSandbox],
  ['hugeResult', benchHugeResult],
  ['chatFirstToken', benchChatFirstToken],
  ['chatFirstTokenOpenAi', benchChatFirstTokenOpenAi],
  ['pageLoad', benchPageLoad],
  ['chatOpen', benchChatOpen],
  ['chatStreaming', benchChatStreaming],
  ['chatHugeToolResult', benchChatHugeToolResult],
  ['pickerFilter', benchPickerFilter],
  ['chatApps', benchChatApps],
  ['toolSearch', benchToolSearch],
  ['toolSearchFirstToken', benchToolSearchFirstToken],
  ['onDemand', benchOnDemand],
];

/**
 * Timed in this process but alone in it: pickerFilter's 10 000-item side ran up to twice as
 * slow after the other benchmarks (their heap and caches), which a window's filtering never is;
 * startup's ratios came out at 0.52–0.65 after them and 1.07–1.13 alone (the host side starts
 * in this process, warmed by the runs before it, while the bare side was the same either way).
 */
const FRESH_PROCESS = new Set(['pickerFilter', 'startup']);

/** What {@link runBenchmarks} runs in. */
export interface RunOptions {
  /** A temp dir for the hosts' data dirs; the caller removes it. */
  root: string;
  /** Told about every server process; the caller runs its cleanup, also on an interrupt. */
  janitor: ProcessJanitor;
  /** Names of the benchmarks to run; all when empty. */
  only?: readonly string[];
}

/**
 * Runs the benchmarks and returns the report. A crash in one is recorded in `errors` and the
 * others still run; an unknown name in `only` rejects before anything starts.
 */
export async function runBenchmarks({
  root,
  janitor,
  only = [],
}: RunOptions): Promise<BenchReport> {
  const unknown = only.filter((name) => !BENCHMARKS.some(([known]) => known === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map(([n]) => n).join(', ')}`,
    );
  }
  const selected = BENCHMARKS.filter(([name]) => only.length === 0 || only.includes(name));
  const started = Date.now();
  const loadBefore = loadavg();
  const ctx: BenchContext = { root, janitor, cores: availableParallelism() };
  const goals: Goal[] = [];
  const results: Record<string, unknown> = {};
  const errors: BenchReport['errors'] = [];
  for (const [name, run] of selected) {
    process.stderr.write(`bench: ${name}…\n`);
    try {
      if (FRESH_PROCESS.has(name) && process.env[FRESH_PROCESS_ENV] !== name) {
        const report = await runInFreshProcess(name);
        if (name in report.results) results[name] = report.results[name];
        goals.push(...report.goals);
        errors.push(...report.errors);
        continue;
      }
      // The goals are listed once, at the top of the report.
      const { goals: own, ...result } = await run(ctx);
      results[name] = result;
      goals.push(...own);
    } catch (error) {
      errors.push({
        bench: name,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  }
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cores: ctx.cores,
    loadAverage: { before: loadBefore.map(round), after: loadavg().map(round) },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    goals,
    allPass: errors.length === 0 && goals.every((g) => g.pass),
    results,
    errors,
  };
}
