import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '../fixtures/test';

test('the app loads with its shell', async ({ app, page }) => {
  await app.open();
  await expect(page).toHaveTitle('Switchboard');
  await expect(page.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Navigation' })).toContainText('Servers');
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
});

test('settings persist across a page reload', async ({ app, page }) => {
  await app.open();
  await app.openSettings();
  // A provider added from its preset, its model the default; Claude's URL changed.
  await app.addProvider('deepseek');
  await page.getByTestId('default-model').selectOption('deepseek/deepseek-reasoner');
  await page.getByTestId('model-form').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('model-form').getByText('Saved.')).toBeVisible();
  await app.openProvider('anthropic');
  const claude = page.getByTestId('provider-anthropic');
  await claude.getByLabel('Base URL').fill('http://127.0.0.1:9/v1');
  await claude.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(claude.getByText('Saved.')).toBeVisible();
  await page.reload();
  // Settings has an address: the reload stays on it.
  await expect(app.settings).toBeVisible();
  await expect(page.getByTestId('default-model')).toHaveValue('deepseek/deepseek-reasoner');
  await expect(page.getByTestId('provider-deepseek')).toContainText('DeepSeek');
  await app.openProvider('anthropic');
  await expect(claude.getByLabel('Base URL')).toHaveValue('http://127.0.0.1:9/v1');
});

test('an invalid base URL is refused with a message at the field', async ({ app, page }) => {
  await app.open();
  await app.openSettings();
  await app.openProvider('anthropic');
  const claude = page.getByTestId('provider-anthropic');
  await claude.getByLabel('Base URL').fill('ftp://example.com');
  await claude.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(claude.getByText('Must be an http(s) URL')).toBeVisible();
  await expect(claude.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  // Settings has an address: the reload stays on it.
  await expect(app.settings).toBeVisible();
  await app.openProvider('anthropic');
  await expect(claude.getByLabel('Base URL')).toHaveValue('https://api.anthropic.com');
});

test('switching to 简体中文 changes the visible text, live and after reload', async ({
  app,
  page,
}) => {
  await app.open();
  await app.openSettings();
  await app.chooseLanguage('zh-CN');
  await expect(page.getByRole('heading', { name: '设置' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: '导航' })).toContainText('服务器');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  // The reload stays on Settings (its address), still in Chinese; home is one Escape away.
  await expect(page.getByRole('heading', { name: '设置' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: '欢迎使用 Switchboard' })).toBeVisible();
});

test('the API key is stored but never sent to the renderer', async ({ app, page, shell }) => {
  const key = 'sk-ant-e2e-0123456789abcdef-secret';
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => frames.push(String(f.payload)));
  });
  await app.open();
  await app.openSettings();
  await app.openProvider('anthropic');
  await expect(page.getByTestId('api-key-status')).toHaveText('No key set');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('api-key-status')).toHaveText('A key is stored');
  await expect(page.getByLabel('API key')).toHaveValue('');
  await page.reload();
  // Settings has an address: the reload stays on it.
  await expect(app.settings).toBeVisible();
  await app.openProvider('anthropic');
  await expect(page.getByTestId('api-key-status')).toHaveText('A key is stored');

  expect(frames.length).toBeGreaterThan(2);
  expect(frames.join('\n')).not.toContain(key);
  expect(await page.content()).not.toContain(key);
  const storage = await page.evaluate(() =>
    JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)]),
  );
  expect(storage).not.toContain(key);
  // It did reach main's secret store, and nowhere else in the data dir (logs included).
  const files = await readdir(shell.dataDir, { recursive: true, withFileTypes: true });
  for (const file of files.filter((f) => f.isFile())) {
    const text = await readFile(join(file.parentPath, file.name), 'utf8');
    expect(text.includes(key), file.name).toBe(file.name === 'secrets.json');
  }

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByTestId('api-key-status')).toHaveText('No key set');
});

test('dark theme applies and follows the OS in system mode', async ({ app, page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await app.open();
  expect(await app.theme()).toBe('light');
  await app.openSettings();
  await app.chooseTheme('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(27, 28, 31)');
  await app.chooseTheme('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('keyboard: Ctrl+, opens settings, Escape closes, controls reachable by Tab', async ({
  app,
  page,
}) => {
  await app.open();
  await page.keyboard.press('Control+,');
  await expect(app.settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('home')).toBeVisible();
  const focused: string[] = [];
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => document.activeElement?.textContent.trim() ?? ''));
  }
  expect(focused.join('|')).toContain('New chat');
  expect(focused.join('|')).toContain('Open settings');
});

test('the page runs under a strict CSP without violations', async ({ app, page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto(app.shell.url);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(page.getByTestId('home')).toBeVisible();
  await app.openSettings();
  expect(violations).toEqual([]);
});

test('without the token the page is refused', async ({ page, shell }) => {
  const response = await page.goto(shell.origin + '/');
  expect(response?.status()).toBe(401);
});
