import { execFileSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { oneToolCall } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { appServer, fixture } from '../fixtures/servers';
import { electronSkipReason, launchDesktop, type RunningDesktop } from './electronShell';

/**
 * The desktop app as a person meets it, on one data dir, step after step: launch, the welcome
 * screen, a server added with the form, a chat with an approval against the fake Messages API,
 * an App on its own origin, a secret kept across a restart, and a quit that leaves no server.
 */
test.describe.configure({ mode: 'serial' });
test.skip(electronSkipReason !== undefined, `Electron ${electronSkipReason ?? ''}`);

let fake: FakeAnthropic;
let desktop: RunningDesktop;
let dataDir: string | undefined;

const env = () => ({ ANTHROPIC_API_KEY: 'sk-e2e', ANTHROPIC_BASE_URL: fake.url });
const echo = fixture('echo.mjs') as { command: string; args: string[] };
const vanilla = appServer('basic-vanillajs') as { command: string; args: string[] };

test.beforeAll(async () => {
  fake = await startFakeAnthropic();
  desktop = await launchDesktop(env());
  dataDir = desktop.dataDir;
});

test.afterAll(async () => {
  await desktop.app.close().catch(() => undefined);
  await fake.close();
});

/** Adds a local server through the form (Servers → Add), with one secret env value if given. */
async function addWithForm(
  page: Page,
  name: string,
  server: { command: string; args: string[] },
  secret?: { name: string; value: string },
): Promise<void> {
  await page.getByTestId('add-server').click();
  await page.getByTestId('server-form-name').fill(name);
  await page.getByTestId('server-form-command').fill(server.command);
  await page.getByTestId('server-form-args').fill(server.args.join('\n'));
  if (secret) {
    await page.getByTestId('server-env-add').click();
    await page.getByTestId('server-env-0-name').fill(secret.name);
    await page.getByTestId('server-env-0-secret').check();
    await page.getByTestId('server-env-0-value').fill(secret.value);
  }
  await page.getByTestId('server-form-save').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 30_000 });
}

async function send(page: Page, words: string): Promise<void> {
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill(words);
  await page.keyboard.press('Enter');
}

/** Every process whose command line names one of these files (the servers this suite runs). */
function processesRunning(files: string[]): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((line) => files.some((file) => line.includes(file)))
    .map((line) => Number.parseInt(line.trim(), 10))
    .filter((pid) => pid !== process.pid);
}

test('launches into the welcome screen, its window locked down', async () => {
  const { app, page } = desktop;
  await expect(page.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
  expect(page.url()).toMatch(/^app:\/\/switchboard\/index\.html/);
  // Sandboxed and isolated: the page has the bridge and nothing of Node or Electron.
  expect(
    await page.evaluate(() => {
      const page = globalThis as { require?: unknown; process?: unknown; host?: unknown };
      return [typeof page.require, typeof page.process, typeof page.host];
    }),
  ).toEqual(['undefined', 'undefined', 'object']);
  // The window's security settings, asserted in main when it was made, hold at run time.
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  // It cannot navigate itself away.
  await page.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await expect(page.getByRole('heading', { name: 'Welcome to Switchboard' })).toBeVisible();
  expect(page.url()).toMatch(/^app:\/\/switchboard\//);
});

test('adds a server with the form; its secret stays out of the file', async () => {
  const { page } = desktop;
  await addWithForm(page, 'notes', echo, { name: 'ECHO_TOKEN', value: 'desktop-secret' });
  await expect(page.getByTestId('server-item-notes')).toContainText(/3 tools/);
  const file = await readFile(join(desktop.dataDir, 'servers.json'), 'utf8');
  expect(file).toContain('${secret:notes.ECHO_TOKEN}');
  expect(file).not.toContain('desktop-secret');
});

test('chats against the fake Messages API, with an approval', async () => {
  const { page } = desktop;
  fake.script(oneToolCall({ name: 'notes__echo', input: { text: 'approved on the desktop' } }));
  await send(page, 'Please use the echo tool');
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toContainText('approved on the desktop');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'The tool said: approved on the desktop',
  );
});

test('renders an App in a frame on its own origin', async () => {
  const { page } = desktop;
  await addWithForm(page, 'vanilla', vanilla);
  fake.script(message([toolUse('vanilla__get-time', {})]), message([text('The App shows it.')]));
  await send(page, 'What time is it on the server?');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 20_000,
  });
  // The sandbox page on the switchboard-app: scheme, on a host of its own (the frame's
  // origin), the App's own document inside it, opaque.
  const proxy = page.frames().find((f) => f.url().startsWith('switchboard-app://'));
  expect(proxy?.url()).toMatch(/^switchboard-app:\/\/[0-9a-f]{32}\/frame\/[0-9a-f]{32}$/);
  const app = page.frames().find((f) => f.url() === 'about:srcdoc');
  expect(await app?.evaluate(() => self.origin)).toBe('null');
  await expect(app?.locator('#server-time') ?? page.locator('#none')).toHaveText(
    /^\d{4}-\d\d-\d\dT/,
  );
});

test('keeps a secret where it says, and it survives a restart', async () => {
  let { page } = desktop;
  await page.getByTestId('open-settings').click();
  await page.getByTestId('secret-name').fill('desktop-token');
  await page.getByTestId('secret-value').fill('kept-across-restarts');
  await page.getByTestId('secret-save').click();
  await expect(page.getByText('Kept. Refer to it as ${secret:desktop-token}.')).toBeVisible();
  // What the window says about the store is what is on disk.
  type Host = { invoke: (name: string, input: unknown) => Promise<unknown> };
  const boot = (await page.evaluate(() =>
    (globalThis as unknown as { host: Host }).host.invoke('app.bootstrap', {}),
  )) as { value: { secretStorage?: { kind: string } } };
  const secretsFile = join(desktop.dataDir, 'secrets.json');
  const onDisk = await readFile(secretsFile, 'utf8');
  expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
  if (boot.value.secretStorage?.kind === 'keychain') {
    expect(onDisk).not.toContain('kept-across-restarts');
    await expect(page.getByTestId('secret-storage-notice')).toHaveCount(0);
  } else {
    await expect(page.getByTestId('secret-storage-notice')).toBeVisible();
  }

  await desktop.app.close();
  desktop = await launchDesktop(env(), dataDir);
  page = desktop.page;
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings')).toContainText('desktop-token');
  // The server's secret, kept the same way, reaches it after the restart.
  await expect(page.getByTestId('server-item-notes')).toContainText(/3 tools/, {
    timeout: 30_000,
  });
  fake.script(oneToolCall({ name: 'notes__env', input: { name: 'ECHO_TOKEN' } }));
  await send(page, 'Which token does the server have?');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'The tool said: desktop-secret',
  );
});

test('quitting leaves no server process behind', async () => {
  const files = [echo.args[0] ?? '', vanilla.args[0] ?? ''];
  await expect.poll(() => processesRunning(files).length).toBeGreaterThanOrEqual(1);
  const running = processesRunning(files);
  await desktop.app.close();
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  await expect.poll(() => running.filter(alive), { timeout: 15_000 }).toEqual([]);
});
