import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type JSHandle, type Page } from '@playwright/test';
import { packFixtureBundle } from '../fixtures/bundles/packFixtureBundle.mjs';
import { craftZip, zeroBomb } from '../../main/services/bundles/testing/craftZip';
import { helloNotesEntries } from '../../main/services/bundles/testing/helloNotesEntries';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';

const test = base.extend<{ shell: RunningShell }>({
  // A staging leftover of a run that is gone (no such pid): the start clears it.
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-drop-'));
    await mkdir(join(dataDir, 'bundles', '.staging', '4000001-abcd'), { recursive: true });
    const shell = await startWebShell({ dataDir });
    await use(shell);
    await shell.stop();
  },
});

/** A DataTransfer holding one file made of these bytes, as a drop from the desktop brings. */
function fileTransfer(page: Page, name: string, bytes: Buffer): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle(
    ({ name, base64 }) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name));
      return transfer;
    },
    // Base64 crosses to the page far faster than an array of numbers.
    { name, base64: bytes.toString('base64') },
  );
}

async function dragOver(page: Page, target: string, transfer: JSHandle<DataTransfer>) {
  await page.dispatchEvent(target, 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent(target, 'dragover', { dataTransfer: transfer });
  await expect(page.getByTestId('bundle-drop-target')).toBeVisible();
}

async function drop(page: Page, target: string, transfer: JSHandle<DataTransfer>) {
  await dragOver(page, target, transfer);
  await page.dispatchEvent(target, 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('bundle-drop-target')).toHaveCount(0);
}

const staging = (shell: RunningShell) =>
  readdir(join(shell.dataDir, 'bundles', '.staging')).catch(() => []);

test('drop an .mcpb anywhere in the window: reviewed, cancelled (staging cleared), dropped again and installed; other files are refused', async ({
  page,
  shell,
}) => {
  test.setTimeout(90_000);
  const work = await mkdtemp(join(tmpdir(), 'sb-e2e-drop-'));
  const notes = join(work, 'notes');
  await mkdir(notes);
  // Random bytes do not compress: the bundle is over 1 MiB, so it crosses the socket in chunks.
  const bytes = await readFile(
    await packFixtureBundle(work, 'hello-notes', {}, { 'data.bin': randomBytes(1_300_000) }),
  );
  expect(bytes.length).toBeGreaterThan(1_300_000);
  const dir = 'artifacts/screenshots';
  await mkdir(dir, { recursive: true });
  await page.setViewportSize({ width: 1200, height: 900 });
  const app = new AppPage(page, shell);
  await app.open();
  // The leftover of a run that is gone was cleared when the shell started.
  await expect.poll(() => staging(shell)).toEqual([]);

  // The drop target, in both languages and themes, over the Servers screen of adding servers.
  const bundle = await fileTransfer(page, 'hello-notes.mcpb', bytes);
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await page.getByTestId('add-server').click();
      await page.getByTestId('add-server-tab-bundle').click();
      await expect(page.getByTestId('bundle-drop-hint')).toBeVisible();
      await dragOver(page, 'main', bundle);
      await page.screenshot({ path: `${dir}/bundle-drop-${language}-${theme}.png` });
      await page.dispatchEvent('main', 'dragleave', { dataTransfer: bundle });
      await expect(page.getByTestId('bundle-drop-target')).toHaveCount(0);
    }
  }
  await app.openSettings();
  await app.chooseLanguage('en');

  // Dropped on the sidebar, far from the bundle screen: the review opens with the file.
  await drop(page, '.sidebar', bundle);
  await expect(page.getByTestId('bundle-summary')).toContainText('Hello Notes');
  await expect(page.getByTestId('bundle-summary')).toContainText('greet');
  await expect(page.getByTestId('bundle-summary')).toContainText('hello-notes.mcpb');
  await expect(page.getByTestId('bundle-summary')).not.toContainText('.staging');
  expect(await staging(shell)).toHaveLength(1);
  await page.screenshot({ path: `${dir}/bundle-dropped-en-dark.png` });
  await page.getByTestId('bundle-cancel').click();
  await expect(page.getByTestId('bundle-summary')).toHaveCount(0);
  await expect.poll(() => staging(shell)).toEqual([]);

  // Not a bundle: said plainly, nothing staged.
  await drop(page, 'main', await fileTransfer(page, 'notes.txt', Buffer.from('hello')));
  await expect(page.getByTestId('bundle-drop-problem')).toHaveText(
    '“notes.txt” is not an .mcpb bundle: drop a file whose name ends in .mcpb.',
  );
  // Named .mcpb but not one: main's reason, and the staging file is gone.
  await drop(page, 'main', await fileTransfer(page, 'fake.mcpb', Buffer.from('not a zip')));
  await expect(page.getByTestId('bundle-drop-problem')).toContainText(
    'The bundle could not be read:',
  );
  expect(await staging(shell)).toEqual([]);

  // Dropped again and installed: the server runs, the staging file is gone.
  await drop(page, 'main', bundle);
  await page.getByTestId('bundle-config-notes_dir').fill(notes);
  await page.getByTestId('bundle-config-api_token').fill('drop-secret');
  await page.getByTestId('bundle-trust').check();
  // Installed sandboxed: the review says so, and the server runs confined.
  await expect(
    page.getByTestId('bundle-install-form').getByTestId('sandbox-permissions').getByRole('switch'),
  ).toBeChecked();
  await page.getByTestId('bundle-install').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  expect(await staging(shell)).toEqual([]);
  const file = await readFile(join(shell.dataDir, 'servers.json'), 'utf8');
  expect(file).not.toContain('drop-secret');
  expect(JSON.stringify(JSON.parse(file))).toContain('"sandboxEnabled":true');
});

test('a dropped zip bomb is refused naming the cap, and a default that reads the environment is not offered', async ({
  page,
  shell,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'sb-e2e-drop-'));
  const entries = await helloNotesEntries();
  // About 300 KiB that unpack to 300 MiB.
  const bomb = craftZip([
    ...entries,
    { name: 'data.bin', packed: await zeroBomb(300 * 1024 * 1024) },
  ]);
  const manifest = JSON.parse(String(entries[0].data)) as {
    user_config: Record<string, object>;
  };
  const leaky = await readFile(
    await packFixtureBundle(work, 'leaky-default', {
      user_config: {
        ...manifest.user_config,
        greeting: { ...manifest.user_config.greeting, default: '${env:ANTHROPIC_API_KEY}' },
      },
    }),
  );
  const dir = 'artifacts/screenshots';
  await mkdir(dir, { recursive: true });
  await page.setViewportSize({ width: 1200, height: 1500 });
  const app = new AppPage(page, shell);
  await app.open();
  const bombTransfer = await fileTransfer(page, 'bomb.mcpb', bomb);
  const leakyTransfer = await fileTransfer(page, 'leaky.mcpb', leaky);
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await page.getByTestId('add-server').click();
      await page.getByTestId('add-server-tab-bundle').click();
      await drop(page, 'main', bombTransfer);
      await expect(page.getByTestId('bundle-drop-problem')).toContainText(
        language === 'en' ? 'unpacks to more than 256 MiB' : '解压后超过 256 MiB',
        { timeout: 20_000 },
      );
      await page.screenshot({ path: `${dir}/bundle-bomb-${language}-${theme}.png` });
      await drop(page, 'main', leakyTransfer);
      await expect(page.getByTestId('bundle-config-greeting-default-refused')).toBeVisible();
      await expect(page.getByTestId('bundle-config-greeting')).toHaveValue('');
      await page.getByTestId('bundle-install-form').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/bundle-default-refused-${language}-${theme}.png` });
      await page.getByTestId('bundle-cancel').click();
    }
  }
  await expect.poll(() => staging(shell)).toEqual([]);
});
