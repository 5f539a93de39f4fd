import { chromium, type CDPSession, type Page } from '@playwright/test';
import type { FakeAnthropic } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { once } from './once';
import { profilePage } from './profilePage';
import {
  assertNoPageErrors,
  startChatHost,
  stopAll,
  stopList,
  type ChatShellOptions,
} from './startChatHost';

/** As the issue gives them: no sandbox (root in a container), no GPU, nothing in the background. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The renderer as a person gets it in the web shell: a fake Messages API in this process, the
 * built web shell as its own process over a fresh data dir (seeded before it starts), and the
 * page in Debian's Chromium with a fresh profile, plus a CDP session on it for metrics.
 * Everything started is also handed to the janitor, so an interrupt or a crash ends it too.
 */
export class ChatShell {
  private constructor(
    readonly fake: FakeAnthropic,
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly dataDir: string,
    /** Uncaught errors of the page; a benchmark fails when there are any. */
    readonly pageErrors: string[],
    private readonly stops: (() => Promise<void>)[],
  ) {}

  /** Seeds, starts the fake, the shell and the browser, and loads the app. */
  static async start<T>(options: ChatShellOptions<T>): Promise<{ shell: ChatShell; seeded: T }> {
    const { ctx } = options;
    const { stops, own } = stopList(ctx);
    try {
      const { dataDir, seeded, fake, url } = await startChatHost(options, own);
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
        // Playwright would exit the process on SIGINT once the browser is closed, cutting the
        // bench's own cleanup short; the janitor closes the browser with everything else.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      own(() => browser.close());
      const page = await browser.newPage({ viewport: { width: 1200, height: 760 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const cdp = await page.context().newCDPSession(page);
      await page.goto(url);
      await page.getByTestId('new-chat').waitFor({ timeout: 20_000 });
      const profiled = await profilePage((method, params) =>
        // The profile's commands are typed by name in Playwright; this sends a few by string.
        (cdp.send as (name: string, args?: object) => Promise<unknown>)(method, params),
      );
      // First in the stop order: the page must still be there to hand its profile over.
      if (profiled) stops.unshift(once(profiled));
      return { shell: new ChatShell(fake, page, cdp, dataDir, pageErrors, stops), seeded };
    } catch (error) {
      await stopAll(stops);
      throw error;
    }
  }

  /** Closes the browser, then stops the shell (and its servers), then the fake. */
  stop(): Promise<void> {
    return stopAll(this.stops);
  }

  /** Throws when the page had uncaught errors: a broken page makes its timings meaningless. */
  assertNoPageErrors(): void {
    assertNoPageErrors(this.pageErrors);
  }
}
