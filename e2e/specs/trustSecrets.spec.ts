import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../fixtures/base';
import { fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';

/**
 * What `${env:…}` and `${secret:…}` bring in reaches the server and not the window; a bundle's
 * reference to another server's secret is refused; the web shell says truly where secrets are
 * kept. A real web shell in Chromium, with a server that repeats what it was started with.
 */
const ENV_VALUE = 'env-value-e2e-7Hq2';
const SECRET = 'secret-value-e2e-9Kd4';
const OTHER = 'other-servers-token-e2e-3Pz8';
const shots = 'artifacts/screenshots';
const leaky = fixture('leaky.mjs') as { command: string; args: string[] };

const test = base.extend<{ shell: RunningShell }>({
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-trust-'));
    // Kept beforehand, as Settings → Secrets or the CLI would have.
    await writeFile(
      join(dataDir, 'secrets.json'),
      JSON.stringify({ 'server-secret:Y': SECRET, 'server-secret:other.TOKEN': OTHER }),
      { mode: 0o600 },
    );
    const shell = await startWebShell({
      dataDir,
      env: { X: ENV_VALUE },
      servers: {
        typed: {
          ...leaky,
          args: [...leaky.args, '--token=${env:X}'],
          env: { LEAKY_ENV: 'TOKEN', TOKEN: '${secret:Y}' },
        },
        'from-bundle': {
          ...leaky,
          env: { LEAKY_ENV: 'TOKEN', TOKEN: '${secret:other.TOKEN}' },
          origin: { kind: 'bundle', name: 'leaky', version: '0.1.0' },
        },
      },
    });
    await use(shell);
    await shell.stop();
  },
});

/** Every frame the page received over its socket, from the start. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => frames.push(String(frame.payload))),
  );
  return frames;
}

/** Runs `shoot` in English and Chinese, light and dark, and goes back to English, light. */
async function eachLook(app: AppPage, shoot: (look: string) => Promise<void>): Promise<void> {
  await mkdir(shots, { recursive: true });
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await setLook(app, language, theme);
      await shoot(`${language}-${theme}`);
    }
  }
  await setLook(app, 'en', 'light');
}

/** Both are settings main answers: each is waited for before the next change. */
async function setLook(app: AppPage, language: 'en' | 'zh-CN', theme: 'light' | 'dark') {
  const html = app.page.locator('html');
  await app.openSettings();
  await app.chooseLanguage(language);
  await expect(html).toHaveAttribute('lang', language);
  await app.chooseTheme(theme);
  await expect(html).toHaveAttribute('data-theme', theme);
  await app.page.keyboard.press('Escape');
  await expect(app.settings).toBeHidden();
}

test('values from references never reach the window; a bundle cannot read another server’s secret', async ({
  page,
  shell,
}) => {
  const frames = recordFrames(page);
  const app = new AppPage(page, shell);
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-typed')).toContainText(/1 tool/, { timeout: 20_000 });
  await page.getByTestId('server-item-typed').click();
  await page.getByRole('tab', { name: /Logs/ }).click();
  const logs = page.getByTestId('logs');
  await expect(logs).toContainText('leaky started with');
  await expect(logs).toContainText('--token=${env:X}');
  await expect(logs).toContainText('"TOKEN":"${secret:Y}"');
  await page.getByRole('tab', { name: /Traffic/ }).click();
  await expect(page.getByTestId('traffic')).toContainText('tools/list');

  await page.getByTestId('server-item-from-bundle').click();
  const panel = page.getByTestId('failure-panel');
  await expect(panel).toContainText(
    'env.TOKEN of “from-bundle” refers to ${secret:other.TOKEN}, which it may not use: values from a bundle cannot read your environment or your secrets.',
    { timeout: 20_000 },
  );
  await eachLook(app, async (look) => {
    await expect(panel).toBeVisible();
    await panel.screenshot({ path: `${shots}/trust-not-wired-${look}.png` });
  });
  // On a busy machine the screen may still be settling from the last look: click until it shows.
  await expect(async () => {
    await page.getByTestId('server-item-typed').click();
    await page.getByRole('tab', { name: /Logs/ }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(logs).toContainText('--token=${env:X}');
  await page.screenshot({ path: `${shots}/trust-redacted-logs-en-light.png` });

  const seen = frames.join('\n') + (await page.content());
  expect(seen).toContain('${env:X}');
  for (const value of [ENV_VALUE, SECRET, OTHER]) expect(seen).not.toContain(value);
});

test('an entry from the registry that reads the environment is an error at its line', async ({
  page,
  shell,
}) => {
  const app = new AppPage(page, shell);
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-typed')).toContainText(/1 tool/, { timeout: 20_000 });
  await writeFile(
    join(shell.dataDir, 'servers.json'),
    JSON.stringify(
      {
        mcpServers: {
          registered: {
            command: 'npx',
            args: ['-y', '@example/server@1.0.0'],
            env: { KEY: '${env:X}' },
            origin: { kind: 'registry', name: 'io.example/server', version: '1.0.0' },
          },
        },
      },
      null,
      2,
    ),
  );
  await page.getByTestId('config-problem').click();
  const problems = page.getByTestId('config-problems');
  await expect(problems).toContainText(
    'mcpServers.registered.env.KEY uses ${env:X}, which it may not: values from the MCP Registry cannot read your environment or your secrets.',
    { timeout: 20_000 },
  );
  await expect(problems).toContainText('Line 10');
  // The servers that ran keep running on the last good file.
  await expect(page.getByTestId('server-item-typed')).toContainText(/1 tool/);
  await eachLook(app, async (look) => {
    await problems.screenshot({ path: `${shots}/trust-problem-${look}.png` });
  });
});

test('the web shell says secrets are kept in a file only your user can read', async ({
  page,
  shell,
}) => {
  const app = new AppPage(page, shell);
  await app.open();
  await app.openSettings();
  const secrets = page.getByTestId('secrets');
  await secrets.scrollIntoViewIfNeeded();
  await expect(secrets).toContainText('It is stored in a file only your user can read.');
  await expect(secrets).not.toContainText(/encrypt|keychain/i);
  await app.openProvider('anthropic');
  const provider = page.getByTestId('provider-anthropic');
  await expect(provider).toContainText('It is stored in a file only your user can read.');
  await page.keyboard.press('Escape');
  await page.getByTestId('add-server').click();
  const form = page.getByTestId('server-form');
  await expect(form).toContainText(
    'Mark a value as secret to keep it in the secret store (a file only your user can read)',
  );
  await eachLook(app, async (look) => {
    const zh = look.startsWith('zh');
    await expect(form).toContainText(
      zh ? '只有你的用户能读取的文件' : 'a file only your user can read',
    );
    await page
      .getByTestId('server-env-rows')
      .screenshot({ path: `${shots}/trust-form-storage-${look}.png` });
    await app.openSettings();
    await secrets.scrollIntoViewIfNeeded();
    await expect(secrets).toContainText(
      zh ? '只有你的用户能读取的文件' : 'a file only your user can read',
    );
    await secrets.screenshot({ path: `${shots}/trust-secrets-storage-${look}.png` });
    await page.keyboard.press('Escape');
  });
  // Removing a server says which secrets go with it.
  await page.getByTestId('server-item-typed').click();
  await page.getByTestId('server-edit').click();
  await eachLook(app, async (look) => {
    await page.getByTestId('server-form-remove').click();
    const actions = page.locator('.server-form__actions');
    await expect(page.getByTestId('server-form-remove-confirm')).toBeVisible();
    if (look === 'en-light') {
      await expect(actions).toContainText('Remove typed and the secrets created only for it?');
    }
    await actions.screenshot({ path: `${shots}/trust-remove-confirm-${look}.png` });
  });
});
