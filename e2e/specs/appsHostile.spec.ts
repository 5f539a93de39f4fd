import { randomUUID } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Frame, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { traceMainThread } from '../fixtures/mainThreadCpu';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { fixture } from '../fixtures/servers';
import type { RunningShell } from '../fixtures/startWebShell';
import { shootEachLook } from '../fixtures/shootEachLook';
import { AppPage } from '../pages/AppPage';

/**
 * A hostile App server of our own (apps-hostile.mjs), driven in Chromium through the web shell:
 * what its Apps try must not get past the host.
 */

/** Where the test tells the fixture the ports it only learns at run time. */
const CONFIG = join(tmpdir(), `sb-hostile-${randomUUID()}.json`);
const test = chatTest({
  hostile: fixture('apps-hostile.mjs', { env: { HOSTILE_CONFIG: CONFIG } }),
});

async function configure(shell: RunningShell, udpPort = 0): Promise<void> {
  const shellPort = Number(new URL(shell.url).port);
  await writeFile(CONFIG, JSON.stringify({ shellPort, udpPort }));
}

async function openChat(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-hostile')).toContainText(/tools/, {
    timeout: 20_000,
  });
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('Show the App');
  await page.keyboard.press('Enter');
  await page.getByTestId('approval-once').click();
}

/** The App's own document (the srcdoc frame inside the sandbox page) whose title is given. */
async function appFrame(page: Page, title: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(
      async () => {
        for (const f of page.frames()) {
          if (f.url() !== 'about:srcdoc') continue;
          if ((await f.title().catch(() => '')) === title) found = f;
        }
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found as Frame;
}

/** A UDP listener on this computer: every packet that reaches it is kept. */
async function udpListener(): Promise<{ socket: Socket; port: number; packets: string[] }> {
  const socket = createSocket('udp4');
  const packets: string[] = [];
  socket.on('message', (data, from) => packets.push(`${from.address}:${from.port} ${data.length}`));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, packets };
}

test('an App that declares the shell’s port (any spelling) cannot reach it, and its card says so', async ({
  page,
  shell,
  fake,
}) => {
  await configure(shell);
  const port = new URL(shell.url).port;
  fake.script(message([toolUse('hostile__csp-probe', {})]), message([text('Shown.')]));
  await openChat(page, shell);
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 15_000,
  });
  const app = await appFrame(page, 'CSP probe');
  await expect(app.locator('#fetch')).toHaveText(/^(loaded|blocked)/);
  // The browser itself refused, under the App's CSP: nothing reached the shell's port.
  await expect(app.locator('#violations')).toContainText(`connect-src ws://127.0.0.1:${port}`);
  await expect(app.locator('#violations')).toContainText(`connect-src http://127.0.0.1:${port}`);
  await expect(app.locator('#ws')).not.toHaveText('open');
  await expect(app.locator('#fetch')).toHaveText('blocked TypeError');

  const refused = page.getByTestId('app-csp-refused');
  await refused.getByText(/Not allowed: \d+ places this App asked to reach/).click();
  await expect(refused).toContainText(`ws://127.0.0.1:${port}`);
  await expect(refused).toContainText(`http://*.0.0.1:${port}`);
  await expect(refused.locator('[data-refusal="loopback"]').first()).toContainText('this computer');
  await expect(refused.locator('[data-refusal="host-port"]')).toContainText(
    `https://example.com:${port}`,
  );
  await expect(refused.locator('[data-refusal="not-a-source"]').first()).toContainText('ws:');
});

test('WebRTC is off in App frames: no peer connection, no packet out, however it is made', async ({
  page,
  shell,
  fake,
}) => {
  const udp = await udpListener();
  try {
    await configure(shell, udp.port);
    fake.script(message([toolUse('hostile__webrtc-probe', {})]), message([text('Shown.')]));
    await openChat(page, shell);
    const app = await appFrame(page, 'WebRTC probe');
    await expect(app.locator('#done')).toHaveText('done', { timeout: 30_000 });
    const results = JSON.parse((await app.locator('#results').textContent()) ?? '{}') as Record<
      string,
      string
    >;
    // Nested documents ran, and found no peer connection; a `javascript:` frame never ran.
    const nested = ['declarative', 'written', 'created', 'attribute', 'parsed', 'shadow', 'busy'];
    // The App's nested realms and its proxy page are out of its reach, however it asks (with a
    // real origin, `indexed` and `renavigated` were 'function': no guard could go first).
    expect(results).toEqual({
      own: 'unavailable',
      webkit: 'undefined',
      blank: 'threw SecurityError',
      indexed: 'threw SecurityError',
      // The stand-in for parent has nothing but postMessage; the sandbox page is another origin.
      proxy: 'undefined threw SecurityError',
      renavigated: 'threw SecurityError',
      worker: 'undefined',
      javascript: 'never ran',
      grandchild: 'unavailable',
      ...Object.fromEntries(nested.map((name) => [name, 'unavailable'])),
    });
    expect(udp.packets, 'UDP packets that reached the listener').toEqual([]);
  } finally {
    udp.socket.close();
  }
});

/** Every App document (srcdoc frame) whose title is given, once there are `count`. */
async function appFrames(page: Page, title: string, count: number): Promise<Frame[]> {
  let found: Frame[] = [];
  await expect
    .poll(
      async () => {
        found = [];
        for (const f of page.frames()) {
          if (f.url() !== 'about:srcdoc') continue;
          if ((await f.title().catch(() => '')) === title) found.push(f);
        }
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBe(count);
  return found;
}

test('two Apps in one chat are on hosts of their own: neither reads the page, the other, or the shell’s port', async ({
  page,
  shell,
  fake,
}) => {
  await configure(shell);
  fake.script(
    message([toolUse('hostile__origin-probe', {}), toolUse('hostile__origin-probe-b', {})]),
    message([text('Shown.')]),
  );
  await openChat(page, shell);
  await page.getByTestId('approval-once').click();
  const apps = await appFrames(page, 'Origin probe', 2);
  const results = [];
  for (const app of apps) {
    await expect(app.locator('#done')).toHaveText('done', { timeout: 30_000 });
    results.push(JSON.parse((await app.locator('#results').textContent()) ?? '{}') as Probe);
  }
  const shellPort = new URL(shell.url).port;
  // Each App's sandbox page is on a host of its own, never the shell's port (two showings of
  // one App share theirs: main's unit tests).
  const [a, b] = apps.map((app) => new URL(app.parentFrame()?.url() ?? 'about:blank').origin);
  expect(a).toMatch(/^http:\/\/[0-9a-f]{32}\.localhost:\d+$/);
  expect(b).toMatch(/^http:\/\/[0-9a-f]{32}\.localhost:\d+$/);
  expect(a).not.toBe(b);
  expect(new URL(a ?? '').port).not.toBe(shellPort);
  for (const r of results) {
    // Inside it, the App's own document is opaque: no storage, but eval (the CSP allows it).
    expect(r.origin).toBe('null');
    expect(r.storage).toBe('blocked SecurityError');
    expect(r.eval).toBe('read 42');
    expect(r.host).toBe('blocked SecurityError');
    expect(r.hostUrl).toBe('blocked SecurityError');
    // The other App's page, and possibly its own when it cannot be told apart: all unreadable.
    expect(r.others.length).toBeGreaterThanOrEqual(1);
    for (const other of r.others) {
      expect(other).toEqual({
        proxy: 'blocked SecurityError',
        app: 'blocked SecurityError',
        appStorage: 'blocked SecurityError',
      });
    }
    expect(r.fetchShell).toBe('blocked TypeError');
    expect(r.fetchLocalhost).toBe('blocked TypeError');
    expect(r.socket).not.toBe('open');
  }
});

test('an App whose CDN cannot be reached says so on its card, and the model is told', async ({
  page,
  shell,
  fake,
}) => {
  await configure(shell);
  fake.script(
    message([toolUse('hostile__offline-cdn', {})]),
    message([text('Shown.')]),
    message([text('Noted.')]),
  );
  await openChat(page, shell);
  const failure = page.getByTestId('app-failure');
  await expect(failure).toHaveAttribute('data-kind', 'init-timeout', { timeout: 20_000 });
  const cause = page.getByTestId('app-failure-cause');
  await expect(cause).toHaveAttribute('data-kind', 'load-failed');
  await expect(cause).toContainText('https://cdn.offline-fixture.test/lib.js');
  await shootEachLook(page, failure, 'app-failure-cause');
  // The card's diagnostics (opened from the keyboard): where it ran, under what, and why not.
  const card = page.getByTestId('app-card');
  const diagnostics = card.getByTestId('app-diagnostics');
  await diagnostics.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(diagnostics).toHaveAttribute('open', '');
  await expect(card.getByTestId('app-diagnostics-origin')).toHaveText(
    /^http:\/\/[0-9a-f]{32}\.localhost:\d+$/,
  );
  await expect(card.getByTestId('app-diagnostics-sandbox')).toContainText(
    'allow-scripts allow-forms',
  );
  await expect(card.getByTestId('app-diagnostics-csp')).toContainText(
    'https://cdn.offline-fixture.test',
  );
  await expect(card.getByTestId('app-diagnostics-problems')).toContainText(
    'https://cdn.offline-fixture.test/lib.js',
  );
  await expect(card.getByTestId('app-diagnostics-messages')).toContainText(
    'ui/notifications/sandbox-proxy-ready',
  );
  await shootEachLook(page, card, 'app-diagnostics-failed');
  // The failure came after the result went back: the model reads it with the next message.
  await page.locator('#composer-input').fill('Did it show?');
  await page.keyboard.press('Enter');
  await expect.poll(() => fake.messageRequests.length).toBe(3);
  expect(JSON.stringify(fake.messageRequests[2]?.body)).toContain(
    'Top cause: could not load: https://cdn.offline-fixture.test/lib.js',
  );
});

interface Probe {
  origin: string;
  storage: string;
  eval: string;
  host: string;
  hostUrl: string;
  others: unknown[];
  fetchShell: string;
  fetchLocalhost: string;
  socket: string;
}

test('an App’s huge message or flood is refused at the page: the connection, other Apps and the page carry on', async ({
  page,
  shell,
  fake,
}) => {
  test.setTimeout(240_000);
  await configure(shell);
  fake.script(
    message([toolUse('hostile__flood', {}), toolUse('hostile__benign', {})]),
    message([text('Both Apps are shown.')]),
    message([text('Still here.')]),
  );
  await openChat(page, shell);
  await page.getByTestId('approval-once').click();
  const frames = page.getByTestId('app-frame');
  await expect(frames.nth(0)).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
  await expect(frames.nth(1)).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
  const flood = await appFrame(page, 'Flood');
  const benign = await appFrame(page, 'Benign');

  // A call of the other App is in flight (3 s) when the 9 MiB request comes.
  await benign.locator('#slow').click();
  await page.getByTestId('approval-once').click();
  await expect(benign.locator('#slow-out')).toHaveText('waiting');
  await flood.locator('#big-call').click();
  await expect(flood.locator('#big-call-out')).toHaveText(
    'error -32600 Message refused: larger than 4 MiB (Switchboard accepts messages of at most 4 MiB from an App).',
  );
  await expect(benign.locator('#slow-out')).toHaveText('slow done', { timeout: 10_000 });
  await flood.locator('#big-log').click();
  await expect(flood.locator('#big-log-out')).toHaveText('sent');
  const floodCard = page
    .getByTestId('app-card')
    .filter({ has: page.locator('iframe[title*="flood"]') });
  const problems = floodCard.getByTestId('app-problems');
  await problems.locator('summary').click();
  await expect(problems.locator('[data-refusal="size"]')).toHaveText(
    '2 messages refused: larger than 4 MiB',
  );

  // A flood through the bridge costs the page's main thread (CPU time, which a busy machine does
  // not inflate) about what the same flood posted straight at the page costs: that much no
  // page can refuse; the rest is held off before the bridge, the socket and main.
  const floor = await traceMainThread(page);
  await flood.locator('#flood-top').click();
  await expect(flood.locator('#flood-top-out')).toHaveText('done', { timeout: 60_000 });
  const unavoidable = await floor.stop();
  const bridged = await traceMainThread(page);
  await flood.locator('#flood').click();
  await expect(flood.locator('#flood-out')).not.toBeEmpty({ timeout: 60_000 });
  const cost = await bridged.stop();
  test.info().annotations.push({
    type: 'page CPU (ms)',
    description: `${String(cost.totalMs)} through the bridge, ${String(unavoidable.totalMs)} posted at the page`,
  });
  const counts = JSON.parse((await flood.locator('#flood-out').textContent()) ?? '{}') as {
    ok: number;
    limited: number;
    other: number;
  };
  expect(counts.other).toBe(0);
  expect(counts.limited).toBeGreaterThan(0);
  expect(counts.ok + counts.limited).toBeLessThan(5000);
  expect(
    cost.totalMs,
    `page CPU: ${JSON.stringify(cost)} through the bridge, ${JSON.stringify(unavoidable)} posted at the page`,
  ).toBeLessThan(2 * unavoidable.totalMs + 200);
  await expect(problems.locator('[data-refusal="rate"]')).toContainText(
    'refused: more than 100 a second',
  );

  // The other App and the window's own connection are fine.
  await benign.locator('#ping').click();
  await expect(benign.locator('#ping-out')).toHaveText('pong 1');
  await page.locator('#composer-input').fill('Still there?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Still here.');
});

test('an App’s requests for consent queue as one panel with a count, and “allow for this App” clears them', async ({
  page,
  shell,
  fake,
}) => {
  test.setTimeout(180_000);
  await configure(shell);
  fake.script(message([toolUse('hostile__spam', {})]), message([text('Shown.')]));
  await openChat(page, shell);
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 15_000,
  });
  const spam = await appFrame(page, 'Spam');

  // 30 calls that each need approval: one dialog, which says how many more wait.
  await spam.locator('#calls').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog.getByTestId('approval-caller')).toContainText('spam');
  await expect(dialog.getByTestId('approval-app-queue')).toHaveText('29 more from this App');
  await expect(dialog.getByTestId('approval-queue')).toHaveCount(0);
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('approval-app-queue')).toHaveText('28 more from this App');
  // Allowed for this App: the rest of its calls of this tool run without asking.
  await page.getByTestId('approval-app').click();
  await expect(spam.locator('#calls-out')).toHaveText('30 ok of 30');
  await expect(dialog).toHaveCount(0);

  // 23 pages: one consent panel with the count; the origin allowed for this App opens the rest.
  await spam.locator('#links').click();
  const consent = page.getByTestId('url-consent');
  await expect(consent).toHaveCount(1);
  await expect(consent.getByTestId('url-app-queue')).toHaveText('22 more from this App');
  await expect(consent.getByTestId('url-full')).toHaveText('https://example.com/page-0');
  await consent.getByTestId('url-open-app').click();
  await expect(spam.locator('#links-out')).toHaveText('23 opened of 23');
  await expect(page.getByTestId('url-consent')).toHaveCount(0);
  await expect
    .poll(
      () => shell.stdout().match(/Open in your browser: https:\/\/example\.com\/page-\d+/g)?.length,
    )
    .toBe(23);
});

test('what the App took back is withdrawn: its message leaves the card, its calls the approval dialog', async ({
  page,
  shell,
  fake,
}) => {
  await configure(shell);
  fake.script(
    message([toolUse('hostile__spam', {})]),
    message([text('Shown.')]),
    message([text('Got it.')]),
  );
  await openChat(page, shell);
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 15_000,
  });
  const spam = await appFrame(page, 'Spam');
  await spam.locator('#message').click();
  const prompt = page.getByTestId('app-message-prompt');
  await expect(prompt).toContainText('Taken back');
  await spam.locator('#cancel-message').click();
  await expect(prompt).toHaveCount(0);
  // Asked again, it is shown again (and sent when the person says so).
  await spam.locator('#message').click();
  await prompt.getByRole('button', { name: 'Send' }).click();
  await expect(spam.locator('#message-out')).toHaveText('sent');
  await expect(page.getByTestId('user-message').last()).toContainText('Taken back');

  // Three calls waiting for approval (one asked, two in the App's line), then taken back: the
  // dialog goes and nothing of them is left in the App's line.
  await spam.locator('#three-calls').click();
  await expect(page.getByTestId('approval-app-queue')).toHaveText('2 more from this App');
  // The App itself gives them up (the modal dialog keeps the person's clicks out of the page).
  await spam.locator('#cancel-calls').dispatchEvent('click');
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
  await spam.locator('#three-calls').click();
  await expect(page.getByTestId('approval-app-queue')).toHaveText('2 more from this App');
  await expect(page.getByTestId('approval-dialog')).toContainText('"n": 0');
  await page.getByTestId('approval-app').click();
  await expect(spam.locator('#calls-out')).toHaveText('3 ok of 3');
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
});

test('screenshots of an App’s consent panels, en and zh-CN, light and dark, wide and 800×600', async ({
  page,
  shell,
  fake,
}) => {
  test.setTimeout(240_000);
  const dir = 'artifacts/screenshots';
  await mkdir(dir, { recursive: true });
  await configure(shell);
  fake.script(message([toolUse('hostile__spam', {})]), message([text('Shown.')]));
  await openChat(page, shell);
  const app = new AppPage(page, shell);
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: 1200, height: 760 });
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.keyboard.press('Escape');
      await expect(app.settings).toHaveCount(0);
      // Settings replaced the chat: the App is shown again, in a frame of its own.
      const spam = await appFrame(page, 'Spam');
      for (const [width, height] of [
        [1200, 760],
        [800, 600],
      ] as const) {
        const name = (screen: string): string =>
          `${dir}/${screen}-${language}-${theme}-${String(width)}.png`;
        await page.setViewportSize({ width, height });
        await spam.locator('#three-calls').click();
        await expect(page.getByTestId('approval-app-queue')).toBeVisible();
        await page.screenshot({ path: name('app-approval-queue') });
        for (let i = 0; i < 3; i++) await page.getByTestId('approval-deny').click();
        await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
        await spam.locator('#three-links').click();
        const consent = page.getByTestId('url-consent');
        await expect(consent.getByTestId('url-app-queue')).toBeVisible();
        await consent.scrollIntoViewIfNeeded();
        await page.screenshot({ path: name('app-url-consent-queue') });
        for (let i = 0; i < 3; i++) await consent.getByTestId('url-decline').click();
        await expect(consent).toHaveCount(0);
      }
    }
  }
});
