import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { expect, type Frame, type Page } from '@playwright/test';
import { appFrame } from '../fixtures/appFrame';
import { chatTest } from '../fixtures/chatTest';
import type { MessagesRequestBody } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message, stallMidStream, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { appServer, fixture } from '../fixtures/servers';
import type { RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';
import config from '../../playwright.config';

/** Screenshots of Apps go with the others (see screenshots.spec.ts). */
const SHOTS = 'artifacts/screenshots';

const test = chatTest({ vanilla: appServer('basic-vanillajs') });

// Apps may not name this computer, so the v2 fixture declares its own server under a name
// of its own; the browser resolves it to 127.0.0.1.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--host-resolver-rules=MAP *.apps-fixture.test 127.0.0.1',
    ],
  },
});

async function openChat(page: Page, shell: RunningShell, server: string): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId(`server-item-${server}`)).toContainText(/1 tool/, {
    timeout: 20_000,
  });
  await page.getByTestId('new-chat').click();
  await expect(page.locator('#composer-input')).toBeVisible();
}

async function send(page: Page, words: string): Promise<void> {
  await page.locator('#composer-input').fill(words);
  await page.keyboard.press('Enter');
}

/**
 * The App does not run on the page's main thread: while it holds its own thread for 300 ms,
 * the page's timer keeps firing (on one thread, not one tick could fall inside that time). The
 * App's frame has an opaque origin (no `allow-same-origin`), which Chromium runs in a process
 * of its own. The sandbox page itself is on the page's site and shares its process: measured
 * cheaper for the page's main thread than a cross-site one (see `chatApps` in README).
 */
async function expectAppOffPageThread(page: Page, app: Frame): Promise<void> {
  type Ticking = { ticks: number[]; stop: boolean };
  await page.evaluate(() => {
    const state: Ticking = { ticks: [], stop: false };
    (window as unknown as { hostTicks: Ticking }).hostTicks = state;
    const tick = (): void => {
      state.ticks.push(Date.now());
      if (!state.stop) setTimeout(tick, 10);
    };
    tick();
  });
  await app.locator('#busy').click();
  const busy = app.locator('#busy-span');
  await expect(busy).toHaveText(/^\d+-\d+$/);
  const [start = 0, end = 0] = ((await busy.textContent()) ?? '').split('-').map(Number);
  expect(end - start).toBeGreaterThanOrEqual(300);
  const ticks = await page.evaluate(() => {
    const state = (window as unknown as { hostTicks: Ticking }).hostTicks;
    state.stop = true;
    return state.ticks;
  });
  const during = ticks.filter((t) => t > start && t < end).length;
  expect(during, 'page timer ticks while the App was busy').toBeGreaterThan(0);
}

test('vanilla App (2025 era): get-time in the card, its button through the host, a message, a link, sandbox proofs', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    message([toolUse('vanilla__get-time', {})]),
    message([text('The App shows the time.')]),
  );
  await openChat(page, shell, 'vanilla');
  await send(page, 'What time is it on the server?');
  await page.getByTestId('approval-once').click();
  const card = page.getByTestId('app-frame');
  await expect(card).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
  const app = await appFrame(page);
  // The window's address (the conversation's): nothing the App does may change it.
  const address = page.url();
  expect(address.startsWith(`${shell.url}#/chat/`)).toBe(true);
  const time = app.locator('#server-time');
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);
  const first = await time.textContent();

  await app.locator('#get-time-btn').click();
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog.getByTestId('approval-caller')).toContainText('get-time');
  await page.getByTestId('approval-once').click();
  await expect(time).not.toHaveText(first ?? '');
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/);
  // The model was told what became of the App, next to the server's own result.
  // The note is in the card's details: the card is one line until opened.
  const toggle = page.getByTestId('tool-call').first().getByTestId('tool-call-toggle');
  await toggle.click();
  await expect(page.getByTestId('tool-host-note')).toContainText('Host note:');
  await toggle.click();
  const toolResult = JSON.stringify(fake.messageRequests[1]?.body);
  expect(toolResult).toContain('Host note:');
  expect(toolResult).toContain('interactive UI (ui://get-time/mcp-app.html)');

  // A message the App wrote is shown in its card and sent only when the person says so.
  await app.locator('#message-text').fill('Hello from the App');
  await app.locator('#send-message-btn').click();
  const prompt = page.getByTestId('app-message-prompt');
  await expect(prompt).toContainText('Hello from the App');
  const asked = fake.messageRequests.length;
  await prompt.getByTestId('app-message-send').click();
  await expect(prompt).toHaveCount(0);
  await expect.poll(() => fake.messageRequests.length).toBeGreaterThan(asked);
  const sent = fake.messageRequests.at(-1)?.body as MessagesRequestBody;
  expect(JSON.stringify(sent.messages.at(-1))).toContain('Hello from the App');

  // A link opens only through the URL consent panel, which names the App.
  await app.locator('#link-url').fill('https://example.com/apps-docs');
  await app.locator('#open-link-btn').click();
  const consent = page.getByTestId('url-consent');
  await expect(consent.getByTestId('url-from-app')).toContainText('get-time');
  await expect(consent.getByTestId('url-full')).toHaveText('https://example.com/apps-docs');
  await consent.getByTestId('url-open').click();
  await expect
    .poll(() => shell.stdout())
    .toContain('Open in your browser: https://example.com/apps-docs');

  // Sandbox proofs, from inside the App's own document.
  const proofs = await app.evaluate(async (shellOrigin) => {
    const attempt = (f: () => unknown): string => {
      try {
        return `reached ${String(f())}`;
      } catch (error) {
        return `threw ${(error as Error).name}`;
      }
    };
    // The sandbox pages: frames of the host page, on origins of their own.
    const pages = (read: (page: Window) => unknown): string =>
      Array.from({ length: window.top?.frames.length ?? 0 }, (_, i) =>
        attempt(() => read(window.top?.frames[i] as Window)),
      ).join(' ');
    const reach = (url: string) =>
      fetch(url, { credentials: 'include' }).then(
        () => 'loaded',
        (error: unknown) => `blocked ${(error as Error).name}`,
      );
    return {
      // window.parent is a stand-in that only posts; the sandbox page itself is a frame of
      // the host page.
      parentKeys: attempt(() => Object.keys(window.parent).join(',')),
      parentDocument: pages((page) => page.document.title),
      hostDocument: attempt(() => window.top?.document.title),
      parentUrl: pages((page) => page.location.href),
      cookie: attempt(() => document.cookie),
      storage: attempt(() => window.localStorage.length),
      undeclared: await reach('https://example.com/'),
      shell: await reach(`${shellOrigin}/`),
      topNavigation: attempt(() => {
        if (window.top) window.top.location.href = 'https://example.com/';
        return 'no error';
      }),
      readable: [location.href, document.referrer, document.documentElement.outerHTML].join('\n'),
    };
  }, shell.origin);
  expect(proofs).toMatchObject({
    parentKeys: 'reached postMessage',
    parentDocument: 'threw SecurityError',
    hostDocument: 'threw SecurityError',
    parentUrl: 'threw SecurityError',
    cookie: 'threw SecurityError',
    storage: 'threw SecurityError',
    undeclared: 'blocked TypeError',
    shell: 'blocked TypeError',
    topNavigation: expect.stringMatching(/^threw /),
  });
  expect(proofs.readable).not.toContain(shell.token);
  // The blocked fetch is reported on the card and in the server's log.
  await expect(page.getByTestId('app-problems')).toContainText('connect-src https://example.com');
  expect(page.url()).toBe(address);

  // Leaving its page for another (which its CSP would not bind) closes the App.
  await app.evaluate(() => {
    location.href = 'http://127.0.0.1:9/elsewhere';
  });
  const closed = page.getByTestId('app-failure');
  await expect(closed).toHaveAttribute('data-kind', 'app-error');
  await expect(closed).toContainText('The App stopped working');
  await expect(closed).toContainText('navigated away');
  expect(page.url()).toBe(address);
});

const v2 = chatTest({ apps: fixture('apps-v2.mjs', { protocol: 'modern' }) });

v2(
  'an App keeps its frame and what was done in it when its turn ends',
  async ({ page, shell, fake }) => {
    fake.script(
      message([toolUse('apps__counter', { label: 'clicks' }, 'toolu_kept')]),
      // The reply after the App stays open until the person stops it: the App is used mid-turn.
      stallMidStream('Counting', 3),
    );
    await page.goto(shell.url);
    await expect(page.getByTestId('server-item-apps')).toContainText(/tools/, { timeout: 20_000 });
    await page.getByTestId('new-chat').click();
    await send(page, 'Count with me');
    await page.getByTestId('approval-once').click();
    await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready');
    const app = await appFrame(page);
    await app.locator('#bump').click();
    await page.getByTestId('approval-once').click();
    await expect(app.locator('#count')).toHaveText('1');
    const iframe = await page.getByTestId('app-iframe').elementHandle();

    await page.getByTestId('stop').click();
    await expect(page.getByTestId('stop')).toHaveCount(0);
    // The turn read back from the store: its messages now have their stored ids.
    await expect(page.getByTestId('message-list')).not.toHaveAttribute('data-messages', '0');
    expect(await iframe.evaluate((el) => el.isConnected)).toBe(true);
    await expect(page.getByTestId('app-iframe')).toHaveCount(1);
    await expect(app.locator('#count')).toHaveText('1');

    // Its last showing gone, an empty page of its origin keeps its browser process for a while.
    const origin = new URL(await iframe.evaluate((el) => (el as HTMLIFrameElement).src)).origin;
    await page.getByTestId('new-chat').click();
    await expect(page.getByTestId('app-iframe')).toHaveCount(0);
    await expect(page.locator('.app-origin-warm iframe')).toHaveAttribute('src', `${origin}/warm`);
    let warm: Frame | undefined;
    await expect
      .poll(() => (warm = page.frames().find((f) => f.url() === `${origin}/warm`)) !== undefined)
      .toBe(true);
    const content = (await warm?.content()) ?? '';
    expect(content).not.toMatch(/<script|Not found/i);
  },
);

// Its broken Apps throw in their own frames on purpose (each App frame is a process of its own,
// whose errors the browser context reports); any other page error still fails it.
v2.describe('broken Apps', () => {
  v2.use({ expectedPageErrors: [/Broken on purpose/] });
  v2(
    '2026-07-28 App server: app-only tool hidden from the model, declared origin reachable, reload re-renders, broken Apps say why',
    async ({ page, shell, fake }) => {
      fake.script(
        message([toolUse('apps__counter', { label: 'clicks' }, 'toolu_counter')]),
        message([text('Here is the counter.')]),
      );
      await page.goto(shell.url);
      await expect(page.getByTestId('server-item-apps')).toContainText(/tools/, {
        timeout: 20_000,
      });
      await page.getByTestId('new-chat').click();
      await send(page, 'Show me the counter');
      await page.getByTestId('approval-once').click();
      await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready');
      const offered = (fake.messageRequests[0]?.body as MessagesRequestBody).tools?.map(
        (t) => t.name,
      );
      expect(offered).toContain('apps__counter');
      expect(offered).not.toContain('apps__bump');

      let app = await appFrame(page);
      await expect(app.locator('#count')).toHaveText('0');
      await expectAppOffPageThread(page, app);
      await expect(app.locator('#declared')).toHaveText('UI extension declared: true');
      await app.locator('#bump').click();
      await expect(page.getByTestId('approval-caller')).toContainText('counter');
      await page.getByTestId('approval-once').click();
      await expect(app.locator('#count')).toHaveText('1');
      await app.locator('#reach').click();
      await expect(app.locator('#reached')).toHaveText('reached: pong');
      // Files an App wants saved are shown first; the browser saves them (Electron: a dialog).
      await app.locator('#download').click();
      const saving = page.getByTestId('app-download-prompt');
      await expect(saving).toContainText('count.txt');
      const download = page.waitForEvent('download');
      await saving.getByTestId('app-download-save').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('count.txt');
      expect(readFileSync(await file.path(), 'utf8')).toBe('count 1');
      await expect(app.locator('#saved')).toHaveText('saved');

      // Display modes on request: only those the App declared (it did not declare pip).
      await app.locator('#pip').click();
      await expect(app.locator('#mode')).toHaveText('mode: inline');
      await app.locator('#fullscreen').click();
      await expect(app.locator('#mode')).toHaveText('mode: fullscreen');
      const shown = page.getByTestId('app-frame');
      await expect(shown).toHaveAttribute('data-display-mode', 'fullscreen');
      const box = await shown.boundingBox();
      expect(box?.width).toBe(page.viewportSize()?.width);
      await page.getByRole('button', { name: 'Back to the chat' }).click();
      await expect(shown).toHaveAttribute('data-display-mode', 'inline');
      await expect(app.locator('#count')).toHaveText('1');

      // Context the App sets waits above the composer and goes with the next message.
      await app.locator('#remember').click();
      await expect(page.getByTestId('app-context')).toContainText(
        'context from the App of counter',
      );

      // Reopened (reload): the App renders again from the stored input and result.
      await page.reload();
      await page.locator('.conversation-item__open', { hasText: 'Show me the counter' }).click();
      await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
        timeout: 15_000,
      });
      app = await appFrame(page);
      await expect(app.locator('#count')).toHaveText('0');

      await expect(page.getByTestId('app-context')).toContainText('counter');

      fake.script(
        message([toolUse('apps__broken-missing', {}), toolUse('apps__broken-throws', {})]),
        message([text('Both Apps failed.')]),
      );
      await send(page, 'Show the broken ones');
      for (let i = 0; i < 2; i++) await page.getByTestId('approval-once').first().click();
      const missing = page.getByTestId('app-failure');
      await expect(missing).toHaveAttribute('data-kind', 'resource-missing');
      await expect(missing).toContainText('the server does not have its page');
      await missing.getByText('Show details').click();
      await expect(missing).toContainText('ui://apps-fixture/missing.html');
      await expect(page.getByTestId('app-problems')).toContainText('Broken on purpose');
      await missing.scrollIntoViewIfNeeded();
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/app-failures-en-light.png` });
      await expect(page.getByTestId('assistant-message').last()).toContainText('Both Apps failed.');
      const last = fake.messageRequests.at(-1)?.body as MessagesRequestBody;
      expect(JSON.stringify(last.messages.at(-1))).toContain(
        'could not be shown to the person (resource-missing)',
      );
      // The App's context went with that message, and the message shows it.
      expect(JSON.stringify(last.messages.at(-3))).toContain('The person looked at count 1.');
      await expect(page.getByTestId('app-context')).toHaveCount(0);

      // The server view lists its Apps with a live preview, and its log has what they did.
      await page.getByTestId('server-item-apps').click();
      await page.getByRole('tab', { name: 'Apps' }).click();
      const item = page.getByTestId('apps-item').filter({ hasText: 'counter.html' });
      await expect(item).toContainText('Used by counter, bump');
      await item.getByRole('button', { name: 'Preview' }).click();
      await expect(item.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready');
      await page.screenshot({ path: `${SHOTS}/apps-tab-en-light.png` });
      await page.getByRole('tab', { name: 'Logs' }).click();
      await expect(page.getByTestId('server-detail')).toContainText('counter App started');
      await expect(page.getByTestId('server-detail')).toContainText('runs under CSP');
    },
  );
});

const react = chatTest({ react: appServer('basic-react') });

react(
  'React App (2025 era): renders in the card, in both themes and languages',
  async ({ page, shell, fake }) => {
    fake.script(message([toolUse('react__get-time', {})]), message([text('Shown in the App.')]));
    await openChat(page, shell, 'react');
    await send(page, 'What time is it?');
    await page.getByTestId('approval-once').click();
    await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('assistant-message').last()).toContainText('Shown in the App.');
    const app = await appFrame(page);
    await expect(app.getByText(/^\d{4}-\d\d-\d\dT/)).toBeVisible();

    const shots = new AppPage(page, shell);
    await mkdir(SHOTS, { recursive: true });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await shots.openSettings();
        await shots.chooseTheme(theme);
        await shots.chooseLanguage(language);
        await page.keyboard.press('Escape');
        const frame = page.getByTestId('app-frame');
        await expect(frame).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
        await expect((await appFrame(page)).getByText(/^\d{4}-\d\d-\d\dT/)).toBeVisible();
        await frame.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/app-${language}-${theme}.png` });
      }
    }
  },
);
