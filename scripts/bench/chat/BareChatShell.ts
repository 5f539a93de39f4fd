import { join } from 'node:path';
import type { BenchContext } from '../BenchContext';
import { BareChromium } from './BareChromium';
import { once } from './once';
import { profilePage } from './profilePage';
import {
  assertNoPageErrors,
  startChatHost,
  stopAll,
  stopList,
  type ChatShellOptions,
} from './startChatHost';

/**
 * {@link ChatShell}'s host with the page in a {@link BareChromium}: for benchmarks whose page
 * reads megabytes over the shell's socket, which Playwright's network tracking would copy.
 */
export class BareChatShell {
  private constructor(
    readonly page: BareChromium,
    readonly dataDir: string,
    private readonly stops: (() => Promise<void>)[],
  ) {}

  /** Seeds, starts the fake, the shell and Chromium, and loads the app. */
  static async start<T>(
    options: ChatShellOptions<T> & { ctx: BenchContext },
  ): Promise<{ shell: BareChatShell; seeded: T }> {
    const { stops, own } = stopList(options.ctx);
    try {
      const { dataDir, seeded, url } = await startChatHost(options, own);
      const page = await BareChromium.launch({
        url,
        width: 1200,
        height: 760,
        root: options.ctx.root,
        janitor: options.ctx.janitor,
      });
      own(() => page.close());
      await page.waitForSelector('[data-testid="new-chat"]', 20_000);
      const traceDir = process.env.BENCH_PAGE_TRACE_DIR;
      if (traceDir) {
        const file = join(traceDir, `trace-${String(Date.now())}.json`);
        // Light categories: tasks and their CPU time, not every call inside them.
        stops.unshift(once(await page.trace('devtools.timeline,toplevel', file)));
      }
      const profiled = await profilePage((method, params) => page.sendToPage(method, params));
      // First in the stop order: the page must still be there to hand its profile over.
      if (profiled) stops.unshift(once(profiled));
      return { shell: new BareChatShell(page, dataDir, stops), seeded };
    } catch (error) {
      await stopAll(stops);
      throw error;
    }
  }

  /** Closes Chromium, then stops the shell (and its servers), then the fake. */
  stop(): Promise<void> {
    return stopAll(this.stops);
  }

  /** Throws when the page had uncaught errors: a broken page makes its timings meaningless. */
  assertNoPageErrors(): void {
    assertNoPageErrors(this.page.pageErrors);
  }
}
