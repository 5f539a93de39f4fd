import type { CDPSession } from '@playwright/test';

/** Main-thread time of the page's renderer, in milliseconds, by kind. */
export interface MainThreadTime {
  /** Every task on the main thread: script, style, layout, paint, everything else. */
  taskMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
}

/**
 * Reads the renderer's cumulative main-thread counters through CDP (`Performance.getMetrics`:
 * TaskDuration, ScriptDuration, RecalcStyleDuration, LayoutDuration). With the `threadTicks`
 * time domain they count CPU time of the thread, so time the thread spent waiting for a core
 * on a busy machine is left out; `timeTicks` (wall time) is the fallback where that is missing.
 */
export class MainThreadClock {
  private constructor(
    private readonly cdp: CDPSession,
    /** Which clock the counters use. */
    readonly timeDomain: 'threadTicks' | 'timeTicks',
  ) {}

  static async start(cdp: CDPSession): Promise<MainThreadClock> {
    try {
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      return new MainThreadClock(cdp, 'threadTicks');
    } catch {
      await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
      return new MainThreadClock(cdp, 'timeTicks');
    }
  }

  async read(): Promise<MainThreadTime> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const ms = (name: string): number =>
      (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
    return {
      taskMs: ms('TaskDuration'),
      scriptMs: ms('ScriptDuration'),
      styleMs: ms('RecalcStyleDuration'),
      layoutMs: ms('LayoutDuration'),
    };
  }

  /** `after − before`, kind by kind. */
  static between(before: MainThreadTime, after: MainThreadTime): MainThreadTime {
    return {
      taskMs: after.taskMs - before.taskMs,
      scriptMs: after.scriptMs - before.scriptMs,
      styleMs: after.styleMs - before.styleMs,
      layoutMs: after.layoutMs - before.layoutMs,
    };
  }
}
