import { accessSync, constants } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../fixtures/base';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry/FakeRegistry.mjs';
import { sendApprovedOnce, toolSaid } from '../fixtures/chatSteps';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { invoke } from '../fixtures/invoke';
import { offlineNpmHome } from '../fixtures/offlineNpmHome.mjs';
import { everything } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

/**
 * Everyday behaviour (issue 31): nobody is rushed while a server's form is open, what was typed
 * survives a reload, remote failures say their cause, model choices the lists do not back are
 * marked, a new chat chooses its tool search, registry options say when their runner is missing.
 * Screenshots at 800 × 600, en and zh, light and dark: artifacts/screenshots/behaviour-*.
 */

/** The call's timeout: far shorter than the person below takes to answer. */
const REQUEST_MS = 1_500;

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const test = base.extend<{
  fake: FakeAnthropic;
  registry: FakeRegistry;
  port: number;
  shell: RunningShell;
}>({
  // eslint-disable-next-line no-empty-pattern
  fake: async ({}, use) => {
    const fake = await startFakeAnthropic();
    await use(fake);
    await fake.close();
  },
  // eslint-disable-next-line no-empty-pattern
  registry: async ({}, use) => {
    const registry = await startFakeRegistry({ pageSize: 10 });
    await use(registry);
    await registry.close();
  },
  // eslint-disable-next-line no-empty-pattern
  port: async ({}, use) => {
    await use(await closedPort());
  },
  shell: async ({ fake, registry, port }, use) => {
    const shell = await startWebShell({
      servers: {
        everything: { ...everything(), timeouts: { requestMs: REQUEST_MS } },
        gone: { type: 'http', url: `http://127.0.0.1:${String(port)}/mcp` },
      },
      env: {
        ANTHROPIC_API_KEY: 'sk-e2e',
        ANTHROPIC_BASE_URL: fake.url,
        HOME: await offlineNpmHome(),
        SWITCHBOARD_REGISTRY_URL: registry.url,
      },
    });
    await use(shell);
    await shell.stop();
  },
});

async function runTool(page: Page, tool: string): Promise<void> {
  await page.getByTestId(`tool-try-${tool}`).click();
  await page.getByTestId(`try-form-${tool}`).getByTestId('tool-run').click();
}

async function openEverything(page: Page): Promise<void> {
  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('server-status')).toContainText(/Ready|就绪/, { timeout: 20_000 });
}

test('a form answered long after the call’s timeout completes the call; a reload keeps what was typed', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    message([text('Asking you.'), toolUse('everything__trigger-elicitation-request', {})]),
    toolSaid,
  );
  const asked = Date.now();
  await sendApprovedOnce(page, shell, 'Ask me for my details', 'everything');
  const form = page.getByTestId('interactions-inline').getByTestId('elicitation-form');
  await form.getByTestId('elicit-name').fill('Ada Lovelace');

  // The page reloads: the request is still open in main, and the typed name comes back.
  await page.reload();
  await expect(form.getByTestId('elicit-name')).toHaveValue('Ada Lovelace');
  await expect(form.getByTestId('elicit-draft-restored')).toBeVisible();

  // Answered more than twice the call's timeout after it was asked: the call still completes.
  await page.waitForTimeout(Math.max(0, 2 * REQUEST_MS + 500 - (Date.now() - asked)));
  await form.getByTestId('elicit-accept').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Name: Ada Lovelace');
});

for (const language of ['en', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`everyday behaviour screens at 800 × 600 (${language} ${theme})`, async ({
      page,
      shell,
      port,
    }) => {
      test.slow();
      const dir = 'artifacts/screenshots';
      await mkdir(dir, { recursive: true });
      const shot = (name: string) => `${dir}/behaviour-${name}-${language}-${theme}.png`;
      await page.setViewportSize({ width: 800, height: 600 });
      await page.goto(shell.url);
      await invoke(page, 'settings.update', {
        language,
        theme,
        defaultModel: 'anthropic/claude-retired-1',
      });
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // A remote server that is not there: the cause, and no stderr line.
      await page.getByTestId('server-item-gone').click();
      const failure = page.getByTestId('failure-panel');
      await expect(failure).toContainText(`127.0.0.1:${String(port)}`, { timeout: 20_000 });
      await expect(failure).toContainText(
        language === 'en' ? 'the connection was refused' : '连接被拒绝',
      );
      await expect(failure).not.toContainText(/stderr/);
      await page.screenshot({ path: shot('remote-failure') });

      // A form sent as a client-side task: the server's deadline counts down.
      await openEverything(page);
      await runTool(page, 'trigger-elicitation-request-async');
      await page.getByTestId('interactions-entry').click();
      const dialog = page.getByTestId('interactions-dialog');
      await expect(dialog.getByTestId('interaction-deadline')).toContainText(/\d+:\d\d/);
      await page.screenshot({ path: shot('form-deadline') });
      await page.keyboard.press('Escape');

      // A new chat: the default is not in Claude's list; tool search is chosen before sending.
      await page.getByTestId('new-chat').click();
      await expect(page.getByTestId('model-note-not-listed')).toHaveAttribute(
        'title',
        /claude-retired-1/,
      );
      const choice = page.getByTestId('tool-search-choice');
      await expect(choice).toBeEnabled();
      await choice.selectOption('off');
      await expect(page.getByTestId('tool-search-summary')).toContainText(/\d/);
      await page.screenshot({ path: shot('new-chat') });

      // Settings: the same note under the default model.
      await page.getByTestId('open-settings').click();
      const model = page.getByTestId('model-form');
      await model.scrollIntoViewIfNeeded();
      await expect(model.getByTestId('model-note-not-listed')).toContainText('claude-retired-1');
      await page.screenshot({ path: shot('settings-model') });
      await page.keyboard.press('Escape');

      // The registry: an option whose runner is not on this computer says so.
      await page.getByTestId('add-server').click();
      await page.getByTestId('add-server-tab-registry').click();
      const time = page.getByTestId('registry-server-io-github-modelcontextprotocol-time');
      await expect(time).toBeVisible();
      if (!onPath('uvx'))
        await expect(time.getByTestId('registry-runner-missing-uvx')).toBeVisible();
      await time.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot('registry') });
    });
  }
}

/** Whether a program is on this test's PATH (what the shell's servers would find too). */
function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
