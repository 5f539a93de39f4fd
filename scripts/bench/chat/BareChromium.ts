import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ProcessJanitor } from '../../../main/services/mcp/launch/testing/ProcessJanitor';
import { stopChild } from '../stopChild';
import type { PageEvaluator } from './PageEvaluator';

/** The flags Playwright starts Chromium with that bear on timing, plus the bench's own. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-default-browser-check',
  '--no-first-run',
  '--remote-debugging-pipe',
  // Each fresh browser context is a window of its own, and this Chromium builds each window's
  // omnibox popup as a WebUI page (40-odd scripts) while the bench's page loads: on two cores
  // that took 90-150 ms of a cold load. A person's window built its popup once, long before.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,AimEnabled',
];

const CALL_TIMEOUT_MS = 60_000;

interface Pending {
  resolve: (result: Record<string, unknown>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/**
 * Debian's Chromium with one page, driven over a bare DevTools pipe where only `Runtime` (and,
 * asked for, `Profiler`) is on. Playwright turns on `Network` for every page, and Chromium then
 * copies each WebSocket frame's payload into a DevTools event: for a page that reads megabytes of
 * history over the shell's socket, that copy cost more than the read (measured: 800 KB frames took
 * 9–17 ms each under Playwright and 3.5–5.5 ms in a bare Chromium). A person's browser has no
 * such client attached, so benchmarks that move megabytes measure with this, and so does the
 * page load, whose pages {@link loadCold} opens one by one in fresh contexts (Playwright's
 * `waitForFunction` also puts its own script in the page: 90 ms of the main thread in a trace).
 */
export class BareChromium implements PageEvaluator {
  /** Uncaught errors of the page. */
  readonly pageErrors: string[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private session = '';
  private exited = false;
  private onTracingComplete: ((params: Record<string, unknown>) => void) | undefined;
  /** Who waits for an event, by session and method (see {@link nextEvent}). */
  private readonly eventWaiters = new Map<string, { resolve: () => void; timer: NodeJS.Timeout }>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    private readonly viewport: { width: number; height: number },
  ) {
    child.once('exit', () => this.gone());
    // A browser that dies breaks its pipes: the calls waiting on it fail, the bench goes on.
    input.on('error', () => this.gone());
  }

  private gone(): void {
    this.exited = true;
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new Error(`Chromium exited during call ${String(id)}`));
    }
    this.pending.clear();
  }

  /** Starts Chromium with a fresh profile, opens `url` at the given size and waits for `ready`. */
  static async launch(options: {
    url: string;
    width: number;
    height: number;
    root: string;
    janitor: ProcessJanitor;
  }): Promise<BareChromium> {
    const profile = await mkdtemp(join(options.root, 'chromium-'));
    const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const child = spawn(
      executable,
      [...ARGS, `--user-data-dir=${profile}`, 'about:blank'],
      // fd 3 is Chromium's input and fd 4 its output under --remote-debugging-pipe.
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error) =>
        reject(
          new Error(
            `Chromium could not start (${executable}): ${error.message}. Install Debian's chromium or set CHROMIUM_PATH.`,
          ),
        ),
      );
    });
    if (child.pid !== undefined) options.janitor.trackPid(child.pid);
    const [, , , input, output] = child.stdio as [null, null, null, Writable, Readable];
    // Its output breaks the same way; its exit already fails what waits.
    output.on('error', () => undefined);
    const browser = new BareChromium(child, input, {
      width: options.width,
      height: options.height,
    });
    options.janitor.onCleanup(() => browser.close());
    browser.read(output);
    try {
      const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await browser.send('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      browser.session = String(sessionId);
      await browser.send('Runtime.enable', {}, browser.session);
      await browser.send('Emulation.setDeviceMetricsOverride', browser.metrics(), browser.session);
      await browser.send('Page.navigate', { url: options.url }, browser.session);
      return browser;
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** A DevTools command to the browser, or to the page with `session`. */
  send(
    method: string,
    params: Record<string, unknown> = {},
    session?: string,
  ): Promise<Record<string, unknown>> {
    if (this.exited) return Promise.reject(new Error(`Chromium is gone (${method})`));
    const id = this.nextId++;
    const message = { id, method, params, ...(session ? { sessionId: session } : {}) };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method} got no answer in ${String(CALL_TIMEOUT_MS)} ms`));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      this.input.write(`${JSON.stringify(message)}\0`);
    });
  }

  /**
   * Starts a trace of every Chromium process (`categories`, comma-separated) and returns what
   * ends it and writes it to `file` as Chromium's trace JSON: each task with its wall time
   * (`dur`) and its thread's CPU time (`tdur`), which tells a task that ran long from one that
   * waited for a core.
   */
  async trace(categories: string, file: string): Promise<() => Promise<void>> {
    await this.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' });
    return async () => {
      const complete = new Promise<Record<string, unknown>>((resolve) => {
        this.onTracingComplete = resolve;
      });
      await this.send('Tracing.end');
      const { stream } = await complete;
      const out = createWriteStream(file);
      for (;;) {
        const chunk = await this.send('IO.read', { handle: stream });
        const data = typeof chunk.data === 'string' ? chunk.data : '';
        out.write(chunk.base64Encoded === true ? Buffer.from(data, 'base64') : data);
        if (chunk.eof === true) break;
      }
      await this.send('IO.close', { handle: stream });
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(() => resolve());
      });
    };
  }

  /** A DevTools command to the page. */
  sendToPage(method: string, params: Record<string, unknown> = {}) {
    return this.send(method, params, this.session);
  }

  /**
   * Runs `fn(arg)` in the page and returns its (awaited) value, as Playwright's `evaluate`
   * does: the function's source is sent, so it must not close over anything.
   */
  evaluate<R, Arg>(fn: (arg: Arg) => R | Promise<R>, arg?: Arg): Promise<R> {
    return this.evaluateIn(this.session, fn, arg);
  }

  /**
   * Loads `url` as on a first visit, in a browser context of its own (nothing cached or stored),
   * with `init` run at the start of every document, the way Playwright's `addInitScript` does
   * but without Playwright's own script in the page or its network tracking (nor `Runtime`
   * events: `init` is where a caller notes the page's errors). Once the page's load event
   * fired, resolves with what `probe` (self-contained, like `evaluate`'s) returns in it, then
   * closes the context.
   */
  async loadCold<R>(url: string, init: () => void, probe: () => R | Promise<R>): Promise<R> {
    const { browserContextId } = await this.send('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    try {
      const { targetId } = await this.send('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
      const session = String(sessionId);
      await this.send('Page.enable', {}, session);
      await this.send('Emulation.setDeviceMetricsOverride', this.metrics(), session);
      await this.send(
        'Page.addScriptToEvaluateOnNewDocument',
        { source: `(${init.toString()})()` },
        session,
      );
      const loaded = this.nextEvent(session, 'Page.loadEventFired');
      try {
        await this.send('Page.navigate', { url }, session);
        await loaded;
      } finally {
        // A navigation that failed leaves no one waiting for its load.
        this.stopWaiting(session, 'Page.loadEventFired');
      }
      return await this.evaluateIn(session, probe);
    } finally {
      await this.send('Target.disposeBrowserContext', { browserContextId });
    }
  }

  /**
   * Resolves once `selector` matches in the page (polled each frame), its text holding `text`
   * when one is given, or throws after `ms`.
   */
  async waitForSelector(selector: string, ms: number, text?: string): Promise<void> {
    await this.evaluate(
      ({ selector: wanted, ms: limit, text: holding }) =>
        new Promise<void>((resolve, reject) => {
          const started = performance.now();
          const poll = (): void => {
            const found = document.querySelector(wanted);
            if (found && (holding === null || found.textContent.includes(holding))) resolve();
            else if (performance.now() - started > limit)
              reject(new Error(`${wanted} did not appear in ${String(limit)} ms`));
            else requestAnimationFrame(poll);
          };
          poll();
        }),
      // JSON carries the argument over: null, not undefined, for "any text".
      { selector, ms, text: text ?? null },
    );
  }

  private async evaluateIn<R, Arg>(
    session: string,
    fn: (arg: Arg) => R | Promise<R>,
    arg?: Arg,
  ): Promise<R> {
    const answer = await this.send(
      'Runtime.evaluate',
      {
        expression: `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
      },
      session,
    );
    const thrown = answer.exceptionDetails as
      { text: string; exception?: { description?: string } } | undefined;
    if (thrown) throw new Error(thrown.exception?.description ?? thrown.text);
    return (answer.result as { value: R }).value;
  }

  /** Resolves at the next `method` event of `session`, or rejects after the call timeout. */
  private nextEvent(session: string, method: string): Promise<void> {
    const key = `${session} ${method}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.eventWaiters.delete(key);
        reject(new Error(`no ${method} in ${String(CALL_TIMEOUT_MS)} ms`));
      }, CALL_TIMEOUT_MS);
      this.eventWaiters.set(key, { resolve, timer });
    });
  }

  /** Ends a wait of {@link nextEvent} (its promise then never settles). */
  private stopWaiting(session: string, method: string): void {
    const key = `${session} ${method}`;
    const waiter = this.eventWaiters.get(key);
    if (!waiter) return;
    clearTimeout(waiter.timer);
    this.eventWaiters.delete(key);
  }

  private metrics(): Record<string, unknown> {
    return { ...this.viewport, deviceScaleFactor: 1, mobile: false };
  }

  async close(): Promise<void> {
    if (this.exited) return;
    await stopChild(this.child);
  }

  private read(output: Readable): void {
    let buffered = '';
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
        const text = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        this.receive(JSON.parse(text) as Message);
      }
    });
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      clearTimeout(call.timer);
      if (message.error) call.reject(new Error(message.error.message));
      else call.resolve(message.result ?? {});
      return;
    }
    if (message.method === 'Tracing.tracingComplete') {
      this.onTracingComplete?.(message.params ?? {});
      return;
    }
    const key = `${message.sessionId ?? ''} ${message.method ?? ''}`;
    const waiter = this.eventWaiters.get(key);
    if (waiter) {
      clearTimeout(waiter.timer);
      this.eventWaiters.delete(key);
      waiter.resolve();
    }
    if (message.method === 'Runtime.exceptionThrown' && message.sessionId === this.session) {
      const details = message.params?.exceptionDetails as
        { text: string; exception?: { description?: string } } | undefined;
      this.pageErrors.push(details?.exception?.description ?? details?.text ?? 'page error');
    }
  }
}
