import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../fixtures/base';
import { packFixtureBundle } from '../fixtures/bundles/packFixtureBundle.mjs';
import { startFakeRegistry, type FakeRegistry } from '../fixtures/fakeRegistry/FakeRegistry.mjs';
import { hostileRegistry } from '../fixtures/fakeRegistry/hostileDocuments.mjs';
import { offlineNpmHome } from '../fixtures/offlineNpmHome.mjs';
import { invoke } from '../fixtures/invoke';
import { shootEachLook } from '../fixtures/shootEachLook';
import { expectPanesScrollAlone } from '../fixtures/layoutChecks';
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
  // The review is of the version document, fetched for it, and shows every part that runs.
  const plan = page.getByTestId('registry-review-plan');
  await expect(page.getByTestId('registry-review-line')).toHaveText(
    'npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
  );
  expect(registry.requests.at(-1)?.path).toBe(
    '/v0.1/servers/io.github.modelcontextprotocol%2Fserver-everything/versions/2026.8.31',
  );
  await expect(plan.locator('tr[data-source="secret"]')).toContainText('EVERYTHING_API_KEY');
  await expect(plan.locator('tr', { hasText: 'EVERYTHING_REGION' })).toContainText(
    'Registry default',
  );
  // It installs sandboxed: the review says what it may do, npm's registry its only host.
  const permissions = page.getByTestId('registry-install-form').getByTestId('sandbox-permissions');
  await expect(permissions).toContainText('registry.npmjs.org');
  await expect(permissions.getByRole('switch')).toBeChecked();
  await shootEachLook(page, permissions, 'registry-install-sandbox');
  await page.getByTestId('install-input-EVERYTHING_REGION').selectOption('us');
  await expect(plan.locator('tr', { hasText: 'EVERYTHING_REGION' })).toContainText('Typed by you');
  await page.getByTestId('registry-install-submit').click();
  await expect(page.getByTestId('registry-install-error')).toContainText('EVERYTHING_API_KEY');
  await page.getByTestId('install-input-EVERYTHING_API_KEY').fill('registry-secret-value');
  await page.getByTestId('registry-install-submit').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 60_000 });
  const file = await serversFile(shell);
  expect(file).toContain('"@modelcontextprotocol/server-everything@2026.8.31"');
  expect(file).toContain('${secret:server-everything.EVERYTHING_API_KEY}');
  expect(file).not.toContain('registry-secret-value');
  expect(JSON.parse(file)).toMatchObject({
    mcpServers: {
      'server-everything': {
        sandboxEnabled: true,
        sandbox: { network: { allowedDomains: ['registry.npmjs.org'] } },
        origin: {
          kind: 'registry',
          name: 'io.github.modelcontextprotocol/server-everything',
          version: '2026.8.31',
          digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
          secrets: ['server-everything.EVERYTHING_API_KEY'],
        },
      },
    },
  });
});

test('a hostile registry: a version document unlike its listing, or swapped after the review, installs nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'sb-e2e-hostile-'));
  const marker = join(work, 'pwned');
  const hostile = await startFakeRegistry(hostileRegistry({ marker }));
  const shell = await startWebShell({
    env: { HOME: await offlineNpmHome(), SWITCHBOARD_REGISTRY_URL: hostile.url },
  });
  try {
    await page.setViewportSize({ width: 1200, height: 1100 });
    const app = new AppPage(page, shell);
    await app.open();
    await page.getByTestId('add-server').click();
    await page.getByTestId('add-server-tab-registry').click();
    await page.getByTestId('registry-search').fill('swapped');
    await page.getByTestId('registry-search-submit').click();
    const card = page.getByTestId('registry-server-io-github-hostile-swapped');
    // The listing shows a harmless command …
    await expect(card).toContainText('npx -y @modelcontextprotocol/server-everything@2026.8.31');
    await page.getByTestId('registry-install-io-github-hostile-swapped').click();
    // … the version document runs a shell: the review says so, field by field, and offers no install.
    const mismatch = page.getByTestId('registry-review-mismatch');
    await expect(mismatch).toContainText('differs from the listing you reviewed');
    const changes = card.getByTestId('registry-review-changes');
    await expect(changes.locator('tr', { hasText: 'packages[0].runtimeHint' })).toContainText(
      /"npx"\s*"sh"/,
    );
    await expect(card.getByTestId('registry-install-submit')).toHaveCount(0);
    await card.getByTestId('registry-review-document').locator('summary').click();
    await expect(card.getByTestId('registry-review-document')).toContainText('"runtimeHint": "sh"');
    const dir = 'artifacts/screenshots';
    await mkdir(dir, { recursive: true });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await app.openSettings();
        await app.chooseTheme(theme);
        await app.chooseLanguage(language);
        await page.getByTestId('add-server').click();
        await page.getByTestId('add-server-tab-registry').click();
        await expect(card).toBeVisible();
        // The card's review closes when the screen is left: open it again.
        if (!(await card.getByTestId('registry-review-mismatch').isVisible())) {
          await page.getByTestId('registry-install-io-github-hostile-swapped').click();
        }
        await expect(card.getByTestId('registry-review-mismatch')).toBeVisible();
        await card.screenshot({ path: `${dir}/registry-mismatch-${language}-${theme}.png` });
      }
    }
    await app.openSettings();
    await app.chooseLanguage('en');
    await app.chooseTheme('light');

    // Reviewed, then swapped before the install: the install stops and shows what changed.
    await page.getByTestId('add-server').click();
    await page.getByTestId('add-server-tab-registry').click();
    await page.getByTestId('registry-search').fill('swapped-after-review');
    await page.getByTestId('registry-search-submit').click();
    const later = page.getByTestId('registry-server-io-github-hostile-swapped-after-review');
    await page.getByTestId('registry-install-io-github-hostile-swapped-after-review').click();
    await expect(later.getByTestId('registry-review-line')).toHaveText(
      'npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
    );
    await later.getByTestId('registry-install-submit').click();
    await expect(later.getByTestId('registry-install-error')).toContainText(
      'differs from the one you reviewed',
    );
    await expect(
      later.getByTestId('registry-review-changes').locator('tr', { hasText: 'runtimeHint' }),
    ).toBeVisible();
    await expect(later.getByTestId('registry-install-submit')).toBeDisabled();
    await later.screenshot({ path: `${dir}/registry-changed-since-review-en-light.png` });
    expect(await serversFile(shell).catch(() => '')).not.toContain('hostile');
    expect(existsSync(marker)).toBe(false);
  } finally {
    await shell.stop();
    await hostile.close();
  }
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
      await expect(page.getByTestId('registry-review-plan')).toBeVisible();
      await page.getByTestId('install-docker-args').fill('-v\n/home/me/notes:/notes:ro');
      await page.screenshot({ path: name('registry') });
      await page
        .getByTestId('registry-server-io-github-github-github-mcp-server')
        .screenshot({ path: name('registry-review') });

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

const looks = [
  ['en', 'light'],
  ['en', 'dark'],
  ['zh-CN', 'light'],
  ['zh-CN', 'dark'],
] as const;

test('a registry server whose runner is not on this computer says so, on its card and in the install form', async ({
  page,
  registry,
}) => {
  // The servers' PATH is an empty folder: no uvx, whatever this machine has.
  const emptyPath = await mkdtemp(join(tmpdir(), 'sb-no-runners-'));
  const shell = await startWebShell({
    env: {
      HOME: await offlineNpmHome(),
      SWITCHBOARD_REGISTRY_URL: registry.url,
      PATH: emptyPath,
    },
  });
  try {
    await page.goto(`${shell.url}#/registry`);
    await page.getByTestId('registry-search').fill('time');
    await page.getByTestId('registry-search-submit').click();
    const card = page.getByTestId('registry-server-io-github-modelcontextprotocol-time');
    await expect(card.getByTestId('registry-runner-missing-uvx')).toHaveText(
      ' — needs uvx, which was not found on this computer: install it first, or the server will not start',
    );
    // The registry screen: where it searches (the address is a setting) and the marked card.
    await page.setViewportSize({ width: 800, height: 600 });
    await expect(page.getByTestId('registry-url')).toContainText(registry.url);
    await expectPanesScrollAlone(page);
    for (const [language, theme] of looks) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.screenshot({
        path: `artifacts/screenshots/registry-runner-card-${language}-${theme}.png`,
      });
    }
    await invoke(page, 'settings.update', { language: 'en' });
    await page.getByTestId('registry-install-io-github-modelcontextprotocol-time').click();
    await expect(page.getByTestId('install-runner-missing')).toHaveText(
      'It runs with uvx, which was not found on this computer: you can install the server now, but it will not start until uvx is installed.',
    );
    for (const [language, theme] of looks) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByTestId('install-runner-missing').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `artifacts/screenshots/registry-runner-missing-${language}-${theme}.png`,
      });
    }
  } finally {
    await shell.stop();
  }
});
