import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { packFixtureBundle } from '../fixtures/bundles/packFixtureBundle.mjs';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry/FakeRegistry.mjs';
import { offlineNpmHome } from '../fixtures/offlineNpmHome.mjs';
import { fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';

/**
 * A web shell whose registry is the local fake and whose npm is offline (HOME/.npmrc): npm
 * entries installed from the registry start from this repository's node_modules or not at all.
 */
const test = base.extend<{ registry: FakeRegistry; shell: RunningShell }>({
  // eslint-disable-next-line no-empty-pattern
  registry: async ({}, use) => {
    const registry = await startFakeRegistry({ pageSize: 4 });
    await use(registry);
    await registry.close();
  },
  shell: async ({ registry }, use) => {
    const shell = await startWebShell({
      env: { HOME: await offlineNpmHome(), SWITCHBOARD_REGISTRY_URL: registry.url },
    });
    await use(shell);
    await shell.stop();
  },
});

const echo = fixture('echo.mjs') as { command: string; args: string[] };
const serversFile = (shell: RunningShell) => readFile(join(shell.dataDir, 'servers.json'), 'utf8');

async function fillEchoForm(page: Page, name: string): Promise<void> {
  await page.getByTestId('server-form-name').fill(name);
  await page.getByTestId('server-form-command').fill(echo.command);
  await page.getByTestId('server-form-args').fill(echo.args.join('\n'));
  await page.getByTestId('server-env-add').click();
  await page.getByTestId('server-env-0-name').fill('ECHO_TOKEN');
  await page.getByTestId('server-env-0-secret').check();
  await page.getByTestId('server-env-0-value').fill('form-secret-value');
}

async function openBundle(page: Page, bundle: string, notes: string): Promise<void> {
  await page.getByTestId('bundle-path').fill(bundle);
  await page.getByTestId('bundle-submit').click();
  await expect(page.getByTestId('bundle-summary')).toContainText('Hello Notes');
  await page.getByTestId('bundle-config-notes_dir').fill(notes);
  await page.getByTestId('bundle-config-api_token').fill('bundle-secret');
}

test('add a server with the form: Test lists its tools, Save runs it, the secret stays out of the file', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByTestId('add-server').click();
  await fillEchoForm(page, 'notes');
  await page.getByTestId('server-form-test').click();
  await expect(page.getByTestId('server-test-result')).toContainText('fixture-echo');
  await expect(page.getByTestId('server-test-result')).toContainText('echo');
  await page.getByTestId('server-form-save').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  await expect(page.getByTestId('server-item-notes')).toContainText(/3 tools/);
  const file = await serversFile(shell);
  expect(file).toContain('${secret:notes.ECHO_TOKEN}');
  expect(file).not.toContain('form-secret-value');
  // Editing shows the secret as stored, never its value.
  await page.getByTestId('server-edit').click();
  await expect(page.getByTestId('server-env-0-value')).toHaveValue('');
  await expect(page.getByTestId('server-env-0-value')).toHaveAttribute('placeholder', /Stored/);
});

test('install from the registry: search, fill the secret it asks for, and the server is ready', async ({
  page,
  shell,
  registry,
}) => {
  // Most of it is npx starting server-everything from node_modules on a busy machine.
  test.setTimeout(90_000);
  await page.goto(shell.url);
  await page.getByTestId('add-server').click();
  await page.getByTestId('add-server-tab-registry').click();
  const list = page.getByTestId('registry-list');
  await expect(list.getByRole('article')).toHaveCount(4);
  await page.getByTestId('registry-more').click();
  await expect(list.getByRole('article')).toHaveCount(7);
  await page.getByTestId('registry-search').fill('everything');
  await page.getByTestId('registry-search-submit').click();
  const card = page.getByTestId('registry-server-io-github-modelcontextprotocol-server-everything');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(card).toContainText(
    'npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
  );
  expect(registry.requests.at(-1)?.query).toMatchObject({
    search: 'everything',
    version: 'latest',
  });
  await page
    .getByTestId('registry-install-io-github-modelcontextprotocol-server-everything')
    .click();
  await page.getByTestId('registry-install-submit').click();
  await expect(page.getByTestId('registry-install-error')).toContainText('EVERYTHING_API_KEY');
  await page.getByTestId('install-input-EVERYTHING_API_KEY').fill('registry-secret-value');
  await page.getByTestId('registry-install-submit').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 60_000 });
  const file = await serversFile(shell);
  expect(file).toContain('"@modelcontextprotocol/server-everything@2026.8.31"');
  expect(file).toContain('${secret:server-everything.EVERYTHING_API_KEY}');
  expect(file).not.toContain('registry-secret-value');
});

/** The three ways to add a server, light and dark, English and Chinese: artifacts/screenshots. */
test('screenshots of the server form, the registry browser and a bundle install', async ({
  page,
  shell,
}) => {
  test.setTimeout(120_000);
  const dir = 'artifacts/screenshots';
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(join(tmpdir(), 'sb-e2e-bundle-'));
  const notes = join(work, 'notes');
  await mkdir(notes);
  const bundle = await packFixtureBundle(work, 'hello-notes');
  // Tall enough for each whole screen (the main pane scrolls, so a full-page shot would not be).
  await page.setViewportSize({ width: 1200, height: 1500 });
  const app = new AppPage(page, shell);
  await app.open();
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      const name = (screen: string) => `${dir}/${screen}-${language}-${theme}.png`;
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByTestId('add-server').click();
      await fillEchoForm(page, 'notes');
      await page.getByTestId('server-form-test').click();
      await expect(page.getByTestId('server-test-result')).toContainText('echo');
      await page.screenshot({ path: name('server-form') });

      await page.getByTestId('add-server-tab-registry').click();
      await page.getByTestId('registry-search').fill('github-mcp');
      await page.getByTestId('registry-search-submit').click();
      await page.getByTestId('registry-install-io-github-github-github-mcp-server').click();
      await expect(page.getByTestId('registry-install-form')).toBeVisible();
      await page.screenshot({ path: name('registry') });

      await page.getByTestId('add-server-tab-bundle').click();
      await openBundle(page, bundle, notes);
      await page.screenshot({ path: name('bundle-install') });

      // Import, when no other app's file is found: where it looked, and a file of one's own.
      await page.getByTestId('add-server-edit-file').click();
      await page.getByTestId('config-import').click();
      await expect(page.getByTestId('import-none')).toContainText('claude_desktop_config.json');
      await page.screenshot({ path: name('import-none') });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('import-dialog')).toHaveCount(0);
    }
  }
  // And the bundle really installs and runs.
  await page.getByTestId('add-server').click();
  await page.getByTestId('add-server-tab-bundle').click();
  await openBundle(page, bundle, notes);
  // Not signed: installing takes the person's explicit yes.
  await expect(page.getByTestId('bundle-install')).toBeDisabled();
  await page.getByTestId('bundle-trust').check();
  await page.getByTestId('bundle-install').click();
  await expect(page.getByTestId('server-status')).toContainText(/Ready|就绪/, { timeout: 20_000 });
  expect(await serversFile(shell)).not.toContain('bundle-secret');
});
