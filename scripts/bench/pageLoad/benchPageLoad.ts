import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchContext } from '../BenchContext';
import { atMost, ratioGoal, type Goal } from '../Goal';
import { summarize, type Summary } from '../summarize';
import { BareChromium } from '../chat/BareChromium';
import { startShellProcess } from '../chat/startShellProcess';
import { buildBareReactPage } from './buildBareReactPage';
import { serveFolder } from './serveFolder';
import { timePageLoad, type PageLoadSample } from './timePageLoad';

const WARMUP_ROUNDS = 1;
// Each cold load swaps the tab's renderer process (both sides' headers ask for it), which varies by
// tens of ms: eleven rounds keep the medians steady.
const ROUNDS = 11;
/** The figures: page load ≤ 1.6× a bare React page, ≤ 1.5 MB (10^6 bytes) of scripts. */
const RATIO_LIMIT = 1.6;
const SCRIPT_MB_LIMIT = 1.5;

/** Page load to a usable composer, the web shell beside a bare React page. */
export interface PageLoadReport {
  rounds: number;
  shell: PageLoadSide;
  /** The baseline: the bare page with the shell's security headers. */
  bare: PageLoadSide;
  /** The same bare page without them, for reference: what those headers cost a page. */
  bareWithoutShellHeaders: PageLoadSide;
  goals: Goal[];
}

interface PageLoadSide {
  usableMs: Summary;
  scriptBytes: Summary;
  scripts: string[];
}

/**
 * Cold loads (a fresh browser context each, so nothing is cached) of the web shell at
 * `#/chat/new` and of a bare React page built the same way (Vite, production, minified) and
 * served by the same static file handler with the same security headers, alternating; each
 * timed from navigation start to the first frame with an enabled `#composer-input`. The
 * headers matter to the browser: the shell's own browsing context group means a process
 * switch when a tab navigates to it. The bare page without them is timed alongside and
 * reported, not compared.
 */
export async function benchPageLoad(ctx: BenchContext): Promise<PageLoadReport> {
  const bareDir = await buildBareReactPage(await mkdtemp(join(ctx.root, 'bare-react-')));
  const bareServer = await serveFolder(bareDir, { shellHeaders: true });
  ctx.janitor.onCleanup(bareServer.close);
  const plainServer = await serveFolder(bareDir);
  ctx.janitor.onCleanup(plainServer.close);
  const dataDir = await mkdtemp(join(ctx.root, 'page-load-'));
  const shell = await startShellProcess({ dataDir, env: {}, janitor: ctx.janitor });
  // Over a bare DevTools pipe: Playwright's script in each page and its network tracking cost
  // both sides 130–190 ms of a load here, which is no part of what a person waits for.
  const browser = await BareChromium.launch({
    url: 'about:blank',
    width: 1200,
    height: 760,
    root: ctx.root,
    janitor: ctx.janitor,
  });
  const shellUrl = `${shell.url}#/chat/new`;
  const bareUrl = `${bareServer.url}bareReactPage.html`;
  const shellSamples: PageLoadSample[] = [];
  const bareSamples: PageLoadSample[] = [];
  const plainSamples: PageLoadSample[] = [];
  try {
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
      // Alternating, so both sides see the same load on the machine.
      const shellSample = await timePageLoad(browser, shellUrl);
      const bareSample = await timePageLoad(browser, bareUrl);
      const plainSample = await timePageLoad(browser, `${plainServer.url}bareReactPage.html`);
      if (round < WARMUP_ROUNDS) continue;
      shellSamples.push(shellSample);
      bareSamples.push(bareSample);
      plainSamples.push(plainSample);
    }
  } finally {
    await browser.close();
    await shell.stop();
    await bareServer.close();
    await plainServer.close();
  }
  const side = (samples: PageLoadSample[]): PageLoadSide => ({
    usableMs: summarize(samples.map((s) => s.usableMs)),
    scriptBytes: summarize(samples.map((s) => s.scriptBytes)),
    scripts: samples[0]?.scripts ?? [],
  });
  const shellSide = side(shellSamples);
  const bareSide = side(bareSamples);
  return {
    rounds: ROUNDS,
    shell: shellSide,
    bare: bareSide,
    bareWithoutShellHeaders: side(plainSamples),
    goals: [
      ratioGoal({
        id: 'pageLoad.usableComposer',
        text: `page load to a usable #composer-input at #/chat/new, web shell / bare React page served the same way (cold, median of ${String(ROUNDS)}) ≤ ${String(RATIO_LIMIT)}×`,
        measured: shellSide.usableMs,
        baseline: bareSide.usableMs,
        baselineWhat:
          'a bare React page (one text area), built and served the same way, with the same headers',
        limit: RATIO_LIMIT,
      }),
      atMost(
        'pageLoad.scriptMiB',
        `JS requested before the composer is usable (every script, module preloads included) ≤ ${String(SCRIPT_MB_LIMIT)} MB`,
        shellSide.scriptBytes.max / 2 ** 20,
        (SCRIPT_MB_LIMIT * 1e6) / 2 ** 20,
        'MiB',
        { n: ROUNDS },
      ),
    ],
  };
}
