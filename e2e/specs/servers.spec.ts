import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '../fixtures/base';
import { invoke } from '../fixtures/invoke';
import { expectPanesScrollAlone } from '../fixtures/layoutChecks';
import { everything, fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';

const SCREENSHOTS = 'artifacts/screenshots';

const test = base.extend<{ shell: RunningShell }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const shell = await startWebShell({
      servers: {
        echo: fixture('echo.mjs'),
        everything: everything(),
        broken: fixture('exit-at-start.mjs'),
      },
    });
    await use(shell);
    await shell.stop();
  },
});

test('the sidebar shows every server with its status', async ({ page, shell }) => {
  await page.goto(shell.url);
  const list = page.getByTestId('server-list');
  await expect(list.getByTestId('server-item-echo')).toContainText(/3 tools/);
  await expect(list.getByTestId('server-item-everything')).toContainText(/\d+ tools/);
  await expect(list.getByTestId('server-item-broken')).toContainText(/Error|Restarting/);
});

test('a new chat counts only the ready servers and names the failed one, in both languages', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-broken')).toContainText(/Error|Restarting/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId('server-item-everything')).toContainText(/\d+ tools/);
  await page.getByTestId('new-chat').click();
  const servers = page.getByTestId('empty-servers');
  await expect(servers).toContainText('the tools of your 2 ready servers');
  const unavailable = page.getByTestId('empty-unavailable');
  await expect(unavailable).toContainText('broken');
  await expect(unavailable).not.toContainText(/echo|everything/);
  const app = new AppPage(page, shell);
  await app.openSettings();
  await app.chooseLanguage('zh-CN');
  await page.keyboard.press('Escape');
  await expect(servers).toContainText('2 个已就绪服务器');
  await expect(unavailable).toContainText('不可用');
  await unavailable.getByRole('button', { name: 'broken' }).click();
  await expect(page.getByTestId('failure-panel')).toBeVisible();
  await app.openSettings();
  await app.chooseLanguage('en');
});

test('a failing server explains itself: exit code and stderr tail', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.getByTestId('server-item-broken').click();
  const panel = page.getByTestId('failure-panel');
  await expect(panel).toContainText('exited with code 3', { timeout: 20_000 });
  await expect(page.getByTestId('failure-stderr')).toContainText('refusing to start');
});

test('in Chinese, main’s failure reads in Chinese too (a message key, not English words)', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const app = new AppPage(page, shell);
  await app.openSettings();
  await app.chooseLanguage('zh-CN');
  await page.keyboard.press('Escape');
  await page.getByTestId('server-item-broken').click();
  const message = page.getByTestId('failure-panel').locator('.failure__message');
  await expect(message).toContainText('退出码 3', { timeout: 20_000 });
  await expect(message).not.toContainText(/exited|server/i);
  await app.openSettings();
  await app.chooseLanguage('en');
  await page.keyboard.press('Escape');
  await expect(message).toContainText('exited with code 3');
});

test('try a tool from the server view and see its result', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.getByTestId('server-item-echo').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready');
  await page.getByTestId('tool-try-echo').click();
  await page.getByTestId('try-form-echo').getByRole('textbox').first().fill('hello from e2e');
  await page.getByTestId('tool-run').click();
  await expect(page.getByTestId('tool-result')).toContainText('hello from e2e');
});

test('a long tool run shows progress, and Cancel (Esc) stops it on the server', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  const name = 'trigger-long-running-operation';
  await page.getByTestId(`tool-try-${name}`).click();
  const form = page.getByTestId(`try-form-${name}`);
  await form.getByLabel(/^duration/).fill('30');
  await form.getByLabel(/^steps/).fill('30');
  await form.getByTestId('tool-run').click();

  const bar = form.getByTestId('tool-run-bar');
  await expect(bar).toHaveAttribute('aria-valuetext', /^[1-9]\d* of 30$/, { timeout: 10_000 });
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]/);
  await expect(form.getByTestId('tool-run-elapsed')).toContainText(/Elapsed 0:0[1-9]/);
  await expect(form.getByTestId('tool-run-cancel')).toBeFocused();
  await form.scrollIntoViewIfNeeded();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await form.screenshot({ path: test.info().outputPath(`tool-run-progress-${theme}.png`) });
  }

  await page.keyboard.press('Escape');
  await expect(form.getByTestId('tool-run-cancelled')).toContainText('Cancelled');
  await expect(form.getByTestId('tool-run-error')).toHaveCount(0);
  await expect(form.getByTestId('tool-run')).toBeEnabled();
  await form.screenshot({ path: test.info().outputPath('tool-run-cancelled-dark.png') });
  // The server was told: the cancel notification is on the wire.
  await page.getByRole('tab', { name: /Traffic/ }).click();
  await expect(page.getByTestId('traffic')).toContainText('notifications/cancelled');
});

test('logs and traffic of a server are visible', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  await page.getByRole('tab', { name: /Traffic/ }).click();
  await expect(page.getByTestId('traffic')).toContainText('tools/list');
  await page.getByRole('tab', { name: /Logs/ }).click();
  await expect(page.getByTestId('logs')).toContainText(/Ready|Starting/);
});

test('editing the servers file: a syntax error is shown at its line; a valid save applies live', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  await page.getByTestId('open-config').click();
  const editor = page.getByTestId('config-code').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(
    '{\n  "mcpServers": {\n    "echo": { "command": "node" x }\n  }\n}\n',
  );
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('config-problems')).toContainText(/line 3|3:/i);
  // Nothing was written: the echo server is still running.
  await expect(page.getByTestId('server-item-echo')).toContainText(/3 tools/);

  await page.keyboard.press('Control+a');
  const valid = JSON.stringify({ mcpServers: { again: fixture('echo.mjs') } }, null, 2);
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(valid);
  await page.getByTestId('config-save').click();
  await expect(page.getByTestId('server-item-again')).toContainText(/3 tools/, { timeout: 20_000 });
  await expect(page.getByTestId('server-item-echo')).toHaveCount(0);
});

test('the servers file editor checks the text as it is typed, as a save would, and writes nothing', async ({
  page,
  shell,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`${shell.url}#/servers-file`);
  const editor = page.getByTestId('config-code').locator('.cm-content');
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(
    '{\n  "mcpServers": {\n    "echo": { "command": "node", "args": "one" }\n  }\n}\n',
  );
  // No Save: the problem is listed at its line and column, and marked in the text.
  const problems = page.getByTestId('config-problems');
  await expect(problems).toContainText('mcpServers.echo.args');
  await expect(problems).toContainText('Line 3, column 42');
  await expect(page.getByTestId('config-code').locator('.cm-lintRange-error')).toHaveCount(1);
  await expectPanesScrollAlone(page);
  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    await invoke(page, 'settings.update', { language, theme });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.screenshot({ path: `${SCREENSHOTS}/config-live-lint-${language}-${theme}.png` });
  }
  await invoke(page, 'settings.update', { language: 'en', theme: 'light' });
  // Nothing was written: the file on disk still has the three servers.
  expect(await readFile(join(shell.dataDir, 'servers.json'), 'utf8')).toContain('"broken"');
  // Fixed as typed: the problem goes.
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('{ "mcpServers": {} }');
  await expect(problems).toHaveCount(0);
  await expect(page.getByTestId('config-code').locator('.cm-lintRange-error')).toHaveCount(0);
});

test('the servers file emptied outside the app: servers keep running until the person stops them', async ({
  page,
  shell,
}) => {
  const app = new AppPage(page, shell);
  await app.open();
  await expect(page.getByTestId('server-item-echo')).toContainText(/3 tools/);
  await writeFile(join(shell.dataDir, 'servers.json'), '');
  await expect(page.getByTestId('config-problem')).toBeVisible();
  // Nothing was stopped.
  await expect(page.getByTestId('server-item-echo')).toContainText(/3 tools/);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/sidebar-config-problem-en-light.png` });
  await page.getByTestId('config-problem').click();
  await expect(page.getByTestId('config-emptied')).toBeVisible();
  await expect(page.getByTestId('config-problems')).toContainText(
    'the servers file became empty while 3 servers were configured',
  );
  for (const [language, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['zh-CN', 'light'],
    ['zh-CN', 'dark'],
  ] as const) {
    await app.openSettings();
    await app.chooseTheme(theme);
    await app.chooseLanguage(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('config-emptied')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/config-emptied-${language}-${theme}.png` });
  }
  await app.openSettings();
  await app.chooseLanguage('en');
  await page.keyboard.press('Escape');
  await page.getByTestId('config-stop-servers').click();
  await expect(page.getByTestId('servers-empty')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('config-emptied')).toHaveCount(0);
});

test('Try it builds a form from a nested schema: lists of groups, rows added and removed', async ({
  page,
}) => {
  // server-memory's create_entities takes a list of entities, each with a list of observations.
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-memory-'));
  const shell = await startWebShell({
    servers: {
      memory: {
        command: process.execPath,
        args: [
          createRequire(import.meta.url).resolve(
            '@modelcontextprotocol/server-memory/dist/index.js',
          ),
        ],
        env: { MEMORY_FILE_PATH: join(dataDir, 'memory.jsonl') },
      },
    },
  });
  try {
    await page.goto(`${shell.url}#/server/memory`);
    await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
    await page.getByTestId('tool-try-create_entities').click();
    const form = page.getByTestId('try-form-create_entities');
    // A form, not only JSON: the list of entities, each a group with its own list.
    await expect(form.getByRole('button', { name: 'Form' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await form.getByTestId('add-item-entities').click();
    const entity = form.getByRole('group', { name: 'entities 1' });
    await entity.getByLabel(/^name/).fill('Ada');
    await entity.getByLabel(/^entityType/).fill('person');
    await entity.getByTestId('add-item-entities[0].observations').click();
    await entity.getByTestId('add-item-entities[0].observations').click();
    await entity
      .getByRole('textbox', { name: 'observations 1', exact: true })
      .fill('wrote the first program');
    await entity
      .getByRole('textbox', { name: 'observations 2', exact: true })
      .fill('to be removed');
    await entity.getByRole('button', { name: 'Remove observations 2' }).click();
    await expect(entity.getByRole('textbox', { name: 'observations 2', exact: true })).toHaveCount(
      0,
    );
    // The same arguments as JSON, then back to the form: nothing typed is lost.
    await form.getByRole('button', { name: 'JSON' }).click();
    await expect(form.getByRole('textbox')).toHaveValue(
      /"observations": \[\s*"wrote the first program"\s*\]/,
    );
    await form.getByRole('button', { name: 'Form' }).click();
    await expect(form.getByRole('group', { name: 'entities 1' }).getByLabel(/^name/)).toHaveValue(
      'Ada',
    );
    await form.getByTestId('tool-run').click();
    await expect(form.getByTestId('tool-result')).toContainText('"name": "Ada"');
    await expect(form.getByTestId('tool-result')).toContainText('wrote the first program');
    await expect(form.getByTestId('tool-result')).not.toContainText('to be removed');
    // A required field left empty in a row is named where it is.
    await form.getByTestId('add-item-entities').click();
    await form.getByTestId('tool-run').click();
    await expect(
      form.getByRole('group', { name: 'entities 2' }).locator('.field__error').first(),
    ).toHaveText('Required.');
    await form.getByTestId('tool-run').scrollIntoViewIfNeeded();
    for (const [language, theme] of [
      ['en', 'light'],
      ['en', 'dark'],
      ['zh-CN', 'light'],
      ['zh-CN', 'dark'],
    ] as const) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.screenshot({ path: `${SCREENSHOTS}/try-form-nested-${language}-${theme}.png` });
    }
  } finally {
    await shell.stop();
  }
});
