import { expect, test as base } from '@playwright/test';
import { everything, fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

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

test('a failing server explains itself: exit code and stderr tail', async ({ page, shell }) => {
  await page.goto(shell.url);
  await page.getByTestId('server-item-broken').click();
  const panel = page.getByTestId('failure-panel');
  await expect(panel).toContainText('exited with code 3', { timeout: 20_000 });
  await expect(page.getByTestId('failure-stderr')).toContainText('refusing to start');
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
