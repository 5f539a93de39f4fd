import type { PageEvaluator } from './PageEvaluator';

/** A long animation frame and the scripts that took most of it, for finding a long task's cause. */
export interface LongFrame {
  durationMs: number;
  blockingMs: number;
  scripts: { source: string; durationMs: number }[];
}

/** What the page saw while it was watched. */
export interface LongTasks {
  /** Durations of the main-thread tasks over 50 ms (the `longtask` entries), longest first. */
  tasksMs: number[];
  /** Longest of them; 0 when there was none (no task exceeded 50 ms). */
  longestMs: number;
  /** Longest time between two animation frames: jank, even from tasks under 50 ms. */
  longestFrameGapMs: number;
  /** The `long-animation-frame` entries, longest first (at most 5). */
  longFrames: LongFrame[];
  /**
   * Where each long task ran, in `tasksMs` order: the entry's name (`self`, `same-origin-descendant`,
   * `cross-origin-descendant`, …) and its container frame's src, if a frame's.
   */
  taskSources: string[];
}

interface WatchState {
  tasks: { ms: number; source: string }[];
  frames: LongFrame[];
  gap: number;
  running: boolean;
  /** Takes entries queued but not yet delivered, and stops observing. */
  finish: () => void;
}

/**
 * Watches the page's main thread with `PerformanceObserver` (`longtask`, and
 * `long-animation-frame` for attribution) plus a frame loop for the longest gap between frames.
 * Long-task entries are queued when a task ends, so `stop` waits a frame and a task first.
 */
export class LongTaskWatch {
  private constructor(private readonly page: PageEvaluator) {}

  static async start(page: PageEvaluator): Promise<LongTaskWatch> {
    await page.evaluate(() => {
      type Frame = PerformanceEntry & {
        blockingDuration?: number;
        scripts?: {
          invoker?: string;
          sourceFunctionName?: string;
          sourceURL?: string;
          duration: number;
        }[];
      };
      type Task = PerformanceEntry & {
        attribution?: { containerType?: string; containerSrc?: string }[];
      };
      const addTasks = (entries: PerformanceEntryList): void => {
        for (const entry of entries as Task[]) {
          const container = entry.attribution?.[0];
          const src = container?.containerSrc?.replace(/\/frame\/.*/, '/frame/…') ?? '';
          const source = [entry.name, container?.containerType, src].filter(Boolean).join(' ');
          state.tasks.push({ ms: entry.duration, source });
        }
      };
      const addFrames = (entries: PerformanceEntryList): void => {
        for (const entry of entries as Frame[]) {
          const scripts = (entry.scripts ?? []).map((script) => ({
            source: [script.invoker, script.sourceFunctionName, script.sourceURL?.split('/').pop()]
              .filter(Boolean)
              .join(' '),
            durationMs: script.duration,
          }));
          scripts.sort((a, b) => b.durationMs - a.durationMs);
          state.frames.push({
            durationMs: entry.duration,
            blockingMs: entry.blockingDuration ?? 0,
            scripts: scripts.slice(0, 3),
          });
        }
      };
      const tasks = new PerformanceObserver((list) => addTasks(list.getEntries()));
      const frames = new PerformanceObserver((list) => addFrames(list.getEntries()));
      const state: WatchState = {
        tasks: [],
        frames: [],
        gap: 0,
        running: true,
        finish: () => {
          addTasks(tasks.takeRecords());
          addFrames(frames.takeRecords());
          tasks.disconnect();
          frames.disconnect();
        },
      };
      tasks.observe({ type: 'longtask' });
      frames.observe({ type: 'long-animation-frame' });
      let last = performance.now();
      const onFrame = (now: number): void => {
        if (!state.running) return;
        state.gap = Math.max(state.gap, now - last);
        last = now;
        requestAnimationFrame(onFrame);
      };
      requestAnimationFrame(onFrame);
      (window as unknown as { __benchLongTasks?: WatchState }).__benchLongTasks = state;
    });
    return new LongTaskWatch(page);
  }

  async stop(): Promise<LongTasks> {
    return this.page.evaluate(async () => {
      const state = (window as unknown as { __benchLongTasks?: WatchState }).__benchLongTasks;
      if (!state) throw new Error('LongTaskWatch: not started');
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
      state.running = false;
      state.finish();
      const tasks = [...state.tasks].sort((a, b) => b.ms - a.ms);
      const tasksMs = tasks.map((task) => task.ms);
      return {
        tasksMs,
        taskSources: tasks.map((task) => task.source),
        longestMs: tasksMs[0] ?? 0,
        longestFrameGapMs: state.gap,
        longFrames: [...state.frames].sort((a, b) => b.durationMs - a.durationMs).slice(0, 5),
      };
    });
  }
}
