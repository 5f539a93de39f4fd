import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../fixtures/base';
import { startAuthFixture, type AuthFixture } from '../fixtures/authServer/authServer.mjs';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { oneToolCall } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

const shots = 'artifacts/screenshots';

/**
 * A remote MCP server behind a local OAuth authorization server that approves at once, a fake
 * Messages API, and a web shell whose "browser" is the test opener (it follows the authorization
 * URL's redirects back to the sign-in listener).
 */
const test = base.extend<{ auth: AuthFixture; fake: FakeAnthropic; shell: RunningShell }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  auth: async ({}, use) => {
    const auth = await startAuthFixture();
    await use(auth);
    await auth.close();
  },
  // eslint-disable-next-line no-empty-pattern
  fake: async ({}, use) => {
    const fake = await startFakeAnthropic();
    await use(fake);
    await fake.close();
  },
  shell: async ({ auth, fake }, use) => {
    const shell = await startWebShell({
      servers: { remote: { url: auth.mcpUrl } },
      env: {
        ANTHROPIC_API_KEY: 'sk-e2e',
        ANTHROPIC_BASE_URL: fake.url,
      },
      testOpener: true,
    });
    await use(shell);
    await shell.stop();
  },
});

async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: `${shots}/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a server that needs sign-in shows the action; after signing in its tool works in chat', async ({
  page,
  shell,
  auth,
  fake,
}) => {
  await page.goto(shell.url);
  const item = page.getByTestId('server-item-remote');
  await expect(item).toContainText('Needs sign-in', { timeout: 20_000 });
  // Nothing was opened by itself.
  expect(auth.stats.authorizations).toBe(0);

  await item.click();
  const panel = page.getByTestId('sign-in-panel');
  await expect(panel).toContainText(`sign in with 127.0.0.1:${new URL(auth.issuer).port}`);
  await screenshot(page, 'oauth-needs-sign-in');

  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  await expect(item).toContainText('1 tool');
  expect(auth.stats.authorizations).toBe(1);
  expect(auth.stats.codeGrants).toBe(1);

  await page.getByRole('tab', { name: 'Info' }).click();
  const info = page.getByTestId('sign-in-info');
  await expect(info).toContainText(auth.issuer);
  await expect(info).toContainText('mcp:tools');
  await screenshot(page, 'oauth-signed-in');

  // The protected tool is usable in chat.
  fake.script(oneToolCall({ name: 'remote__whoami', input: { greeting: 'Hey' } }));
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('Who am I?');
  await page.keyboard.press('Enter');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Hey, signed-in caller');

  // Sign out: the tokens are forgotten and the server asks again.
  await page.getByTestId('server-item-remote').click();
  await page.getByRole('tab', { name: 'Info' }).click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByTestId('sign-in-panel')).toBeVisible();
  await expect(item).toContainText('Needs sign-in');
});

test('an authorization server that refuses is explained in plain words', async ({
  page,
  shell,
  auth,
}) => {
  auth.knobs.deny = true;
  await page.goto(shell.url);
  await page.getByTestId('server-item-remote').click();
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('sign-in-error')).toContainText(
    'Access was denied at the authorization server.',
  );
  await expect(page.getByTestId('sign-in')).toBeEnabled();
  await screenshot(page, 'oauth-sign-in-failed');
});

test('a sign-in waiting for the browser can be cancelled', async ({ page, shell, auth }) => {
  auth.knobs.hold = true;
  await page.goto(shell.url);
  await page.getByTestId('server-item-remote').click();
  await page.getByTestId('sign-in').click();
  await expect(page.getByTestId('sign-in-waiting')).toContainText('waiting for the browser');
  await expect(page.getByTestId('server-item-remote')).toContainText('Signing in…');
  await screenshot(page, 'oauth-waiting');
  await page.getByTestId('sign-in-cancel').click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(page.getByTestId('sign-in-error')).toHaveCount(0);
  expect(auth.stats.codeGrants).toBe(0);
});
