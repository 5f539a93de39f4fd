import { mkdir } from 'node:fs/promises';
import { expect, test as base } from '../fixtures/base';
import { startAuthFixture, type AuthFixture } from '../fixtures/authServer/authServer.mjs';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

const shots = 'artifacts/screenshots';
const SECRET = 'corp-app-secret-value-7Q';

/**
 * A remote MCP server whose authorization server knows a confidential client, configured for
 * the client credentials grant with its secret named `${secret:corp-secret}`: the secret exists
 * only once the person keeps it in Settings → Secrets.
 */
const test = base.extend<{ auth: AuthFixture; shell: RunningShell }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  auth: async ({}, use) => {
    const auth = await startAuthFixture({ clients: { 'corp-app': { secret: SECRET } } });
    await use(auth);
    await auth.close();
  },
  shell: async ({ auth }, use) => {
    const shell = await startWebShell({
      servers: {
        corp: {
          url: auth.mcpUrl,
          oauth: {
            grant: 'client_credentials',
            clientId: 'corp-app',
            clientSecret: '${secret:corp-secret}',
          },
        },
      },
    });
    await use(shell);
    await shell.stop();
  },
});

test('a client-credentials server connects once its secret is kept in Settings', async ({
  page,
  shell,
  auth,
}) => {
  await page.goto(shell.url);
  const item = page.getByTestId('server-item-corp');
  await expect(item).toContainText('Needs sign-in', { timeout: 20_000 });
  await item.click();
  await expect(page.getByTestId('sign-in-error')).toContainText(
    'uses ${secret:corp-secret}, but no secret named corp-secret is stored',
  );
  expect(auth.stats.clientCredentialsGrants).toBe(0);

  await page.getByTestId('open-settings').click();
  const section = page.getByTestId('secrets');
  await section.scrollIntoViewIfNeeded();
  await page.getByTestId('secret-name').fill('corp-secret');
  await page.getByTestId('secret-value').fill(SECRET);
  await page.getByTestId('secret-save').click();
  await expect(section.getByTestId('secret-corp-secret')).toContainText('${secret:corp-secret}');
  // Kept, not shown: the value is gone from the page.
  await expect(page.getByTestId('secret-value')).toHaveValue('');
  expect(await page.content()).not.toContain(SECRET);
  await mkdir(shots, { recursive: true });
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId(`theme-${theme}`).click();
      await page.getByTestId('language').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${shots}/secrets-${language}-${theme}.png` });
    }
  }
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('theme-light').click();
  await page.keyboard.press('Escape');

  // No browser: "Sign in" asks the authorization server for a token with the client's secret.
  await item.click();
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  await expect(item).toContainText('1 tool');
  expect(auth.stats.clientCredentialsGrants).toBe(1);
  expect(auth.stats.authorizations).toBe(0);
});
