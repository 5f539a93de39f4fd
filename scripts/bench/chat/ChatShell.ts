import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { ConversationStore } from '../../../main/services/store/ConversationStore';
import type { BenchContext } from '../BenchContext';
import type { BenchServer } from '../BenchHost';
import { once } from './once';
import { startShellProcess } from './startShellProcess';

/** As the issue gives them: no sandbox (root in a container), no GPU, nothing in the background. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Options of {@link ChatShell.start}. */
export interface ChatShellOptions<T> {
  ctx: BenchContext;
  /** Written to the data dir's servers.json before the shell starts. */
  servers?: Readonly<Record<string, BenchServer>>;
  /** Writes history into the shell's store before the shell opens it (one writer at a time). */
  seed: (store: ConversationStore) => T;
}

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
    const stops: (() => Promise<void>)[] = [];
    /** Newest first on the way out; the janitor gets each too, for an interrupt or a crash. */
    const own = (stop: () => Promise<unknown>): void => {
      const stopOnce = once(stop);
      stops.unshift(stopOnce);
      ctx.janitor.onCleanup(stopOnce);
    };
    try {
      const dataDir = await mkdtemp(join(ctx.root, 'shell-'));
      if (options.servers) {
        await writeFile(
          join(dataDir, 'servers.json'),
          JSON.stringify({ mcpServers: options.servers }, null, 2),
        );
      }
      const seeded = seedStore(dataDir, options.seed);
      const fake = await startFakeAnthropic();
      own(() => fake.close());
      const shellProcess = await startShellProcess({
        dataDir,
        env: { ANTHROPIC_API_KEY: 'sk-bench', ANTHROPIC_BASE_URL: fake.url },
        janitor: ctx.janitor,
      });
      own(() => shellProcess.stop());
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
      await page.goto(shellProcess.url);
      await page.getByTestId('new-chat').waitFor({ timeout: 20_000 });
      const profileDir = process.env.BENCH_PAGE_PROFILE_DIR;
      if (profileDir) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        // First in the stop order: the page must still be there to hand its profile over.
        stops.unshift(
          once(async () => {
            const { profile } = await cdp.send('Profiler.stop');
            const file = join(profileDir, `page-${String(Date.now())}.cpuprofile`);
            await writeFile(file, JSON.stringify(profile));
          }),
        );
      }
      return { shell: new ChatShell(fake, page, cdp, dataDir, pageErrors, stops), seeded };
    } catch (error) {
      for (const stop of stops) await stop();
      throw error;
    }
  }

  /** Closes the browser, then stops the shell (and its servers), then the fake. */
  async stop(): Promise<void> {
    for (const stop of this.stops) await stop();
  }

  /** Throws when the page had uncaught errors: a broken page makes its timings meaningless. */
  assertNoPageErrors(): void {
    if (this.pageErrors.length > 0) {
      throw new Error(`page errors:\n${this.pageErrors.slice(0, 5).join('\n')}`);
    }
  }
}

/** The shell opens `<dataDir>/history.sqlite`; it must be closed before the shell starts. */
function seedStore<T>(dataDir: string, seed: (store: ConversationStore) => T): T {
  const store = ConversationStore.open({ file: join(dataDir, 'history.sqlite') });
  try {
    return seed(store);
  } finally {
    store.close();
  }
}
