import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { appFrame } from '../fixtures/appFrame';
import { chatTest } from '../fixtures/chatTest';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { invoke } from '../fixtures/invoke';
import { shootEachLook } from '../fixtures/shootEachLook';
import { appServer, fixture } from '../fixtures/servers';

/** Screenshots go with the others (see screenshots.spec.ts). */
const SHOTS = 'artifacts/screenshots';

// Real bubblewrap under the web shell: a denied folder with a key in it, a folder it may write.
const work = mkdtempSync(join(tmpdir(), 'sb-e2e-sandbox-'));
mkdirSync(join(work, 'private'));
mkdirSync(join(work, 'out'));
mkdirSync(join(work, 'notes'));
writeFileSync(join(work, 'private', 'id_ed25519'), 'PRIVATE KEY');

const test = chatTest({
  probe: fixture('sandbox-probe.mjs', {
    sandboxEnabled: true,
    sandbox: {
      filesystem: { denyRead: [join(work, 'private')], allowWrite: [join(work, 'out')] },
      network: { allowedDomains: ['api.example.com'] },
    },
  }),
  vanilla: appServer('basic-vanillajs', { sandboxEnabled: true }),
});

async function ready(page: Page, server: string, tools: RegExp): Promise<void> {
  await expect(page.getByTestId(`server-item-${server}`)).toContainText(tools, {
    timeout: 30_000,
  });
}

test.skip(process.platform !== 'linux', 'bubblewrap runs on Linux');

// One shell for all of it (CI time): two sandboxed servers start once.
test('sandboxed: an App renders; blocked attempts on the server’s screen, allowed with one click; screenshots', async ({
  page,
  shell,
  fake,
}) => {
  await mkdir(SHOTS, { recursive: true });
  // An App server renders in the conversation while it runs sandboxed.
  fake.script(message([toolUse('vanilla__get-time', {})]), message([text('It is shown.')]));
  await page.goto(shell.url);
  await ready(page, 'vanilla', /1 tool/);
  await expect(page.getByTestId('server-sandboxed-vanilla')).toBeVisible();
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('What time is it on the server?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('approval-sandbox')).toHaveText('Runs in the sandbox');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 15_000,
  });
  const app = await appFrame(page);
  await expect(app.locator('#server-time')).toHaveText(/^\d{4}-\d\d-\d\dT/);

  await ready(page, 'probe', /5 tools/);
  await expect(page.getByTestId('server-sandboxed-probe')).toBeVisible();
  const call = (tool: string, args: Record<string, unknown>) =>
    invoke(page, 'mcp.callTool', { server: 'probe', tool, arguments: args });
  const refused = [
    await call('read', { path: join(work, 'private', 'id_ed25519') }),
    await call('read', { path: join(shell.dataDir, 'secrets.json') }),
    await call('write', { path: join(work, 'notes', 'todo.txt'), text: 'x' }),
    await call('fetch', { url: 'http://api.other.test/' }),
  ];
  for (const { result } of refused) {
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
  }

  await page.getByTestId('server-item-probe').click();
  const banner = page.getByTestId('sandbox-banner');
  await expect(banner).toContainText('blocked by the sandbox');
  await banner.getByRole('button').click();
  const rows = page.getByTestId('sandbox-violation');
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId('sandbox-violations')).toContainText('api.other.test:80');
  await expect(page.getByTestId('sandbox-violations')).toContainText(
    join(work, 'private', 'id_ed25519'),
  );

  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.setViewportSize({ width: 1200, height: 900 });
      await page.screenshot({ path: `${SHOTS}/sandbox-violations-${language}-${theme}.png` });
    }
  }
  await invoke(page, 'settings.update', { language: 'en', theme: 'light' });

  // Allow the write: its folder goes into the entry, the server restarts, the write works.
  const allow = page.getByRole('button', { name: `Allow writing in ${join(work, 'notes')}` });
  await allow.click();
  await expect
    .poll(async () => readFile(join(shell.dataDir, 'servers.json'), 'utf8'))
    .toContain(join(work, 'notes'));
  await ready(page, 'probe', /5 tools/);
  // Until the restarted server is ready the call fails; then the write goes through.
  const write = () =>
    call('write', { path: join(work, 'notes', 'todo.txt'), text: 'x' }).then(
      ({ result }) => result.isError === true,
      () => true,
    );
  await expect.poll(write, { timeout: 20_000 }).toBe(false);

  // The permissions, as the form (and an install review) shows them: in words, then opened.
  await page.getByTestId('server-edit').click();
  const permissions = page.getByTestId('sandbox-permissions');
  for (const open of [false, true]) {
    if (open) await permissions.getByText(/Change what it may do|更改它可以做的事/).click();
    await page.setViewportSize({ width: 1200, height: open ? 1700 : 900 });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await invoke(page, 'settings.update', { language, theme });
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await permissions.scrollIntoViewIfNeeded();
        const name = open ? 'sandbox-permissions-edit' : 'sandbox-permissions';
        await permissions.screenshot({ path: `${SHOTS}/${name}-${language}-${theme}.png` });
      }
    }
  }

  // The setting that lets read-only tools of sandboxed servers run without asking.
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.getByTestId('open-settings').click();
  const setting = page.getByTestId('sandbox-settings');
  await expect(setting.getByTestId('sandboxed-read-only')).not.toBeChecked();
  await shootEachLook(page, setting, 'sandbox-setting');
});
