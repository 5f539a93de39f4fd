import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { EAGER_BOOTSTRAP_ID } from '../../shared/ipc/wsProtocol';
import { expect, test } from '../fixtures/test';

const dir = 'artifacts/screenshots';

/**
 * The window as the desktop app shows it on Linux without a secret service: the web shell's
 * bootstrap answer is changed on its way to the page to say what the Electron shell says then
 * (secrets in the private file, because there is no secret service).
 */
async function asDesktopWithoutKeychain(page: Page): Promise<void> {
  await page.routeWebSocket(/\/ipc/, (ws) => {
    const server = ws.connectToServer();
    // The answer the page's first socket gets unasked (`?bootstrap=1`), and any asked for later.
    const bootstraps = new Set<number>([EAGER_BOOTSTRAP_ID]);
    ws.onMessage((frame) => {
      const parsed = JSON.parse(String(frame)) as { name?: string; id?: number };
      if (parsed.name === 'app.bootstrap' && parsed.id !== undefined) bootstraps.add(parsed.id);
      server.send(frame);
    });
    server.onMessage((frame) => {
      const parsed = JSON.parse(String(frame)) as {
        kind: string;
        id?: number;
        result?: { ok: boolean; value?: Record<string, unknown> };
      };
      if (parsed.kind === 'result' && parsed.id !== undefined && bootstraps.has(parsed.id)) {
        const value = parsed.result?.value;
        if (value) {
          value.platform = 'linux';
          value.secretStorage = { kind: 'privateFile', why: 'noSecretService' };
        }
        return ws.send(JSON.stringify(parsed));
      }
      ws.send(frame);
    });
  });
}

test('where secrets are entered, the desktop app without a keychain says where they go', async ({
  app,
  page,
}) => {
  await mkdir(dir, { recursive: true });
  await asDesktopWithoutKeychain(page);
  await app.open();
  // The server form: the notice appears once a value is marked secret.
  await page.getByTestId('add-server').click();
  await page.getByTestId('server-env-add').click();
  await expect(page.getByTestId('secret-storage-notice')).toHaveCount(0);
  await page.getByTestId('server-env-0-name').fill('API_TOKEN');
  await page.getByTestId('server-env-0-secret').check();
  const formNotice = page.getByTestId('server-env-rows').getByTestId('secret-storage-notice');
  await expect(formNotice).toContainText('a file only your user can read');

  await app.openSettings();
  const secrets = page.getByTestId('secrets');
  const notice = secrets.getByTestId('secret-storage-notice');
  await expect(notice).toContainText('No secret service is running');
  await notice.locator('summary').click();
  await expect(notice).toContainText('sudo apt install gnome-keyring');
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await secrets.scrollIntoViewIfNeeded();
      await secrets.screenshot({ path: `${dir}/secret-storage-${language}-${theme}.png` });
    }
  }
  await expect(notice).toContainText('没有正在运行的密钥服务');
});
