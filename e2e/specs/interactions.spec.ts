import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { sendApprovedOnce, toolSaid } from '../fixtures/chatSteps';
import type { MessagesRequestBody } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { everything } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

/**
 * Server requests end to end: server-everything asks for sampling, form and URL elicitation,
 * and roots; the person answers in the real renderer; the tool's answer shows what arrived.
 */
const test = chatTest({ everything: everything() });

const shots = 'artifacts/screenshots';

/** Light and dark screenshots of what is on screen (the theme follows the OS by default). */
async function screenshots(page: Page, name: string, target?: Locator): Promise<void> {
  await mkdir(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const path = `${shots}/interactions-${name}-${scheme}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openServer(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
}

/** Runs one of server-everything's tools from its Tools tab with JSON arguments. */
async function runTool(page: Page, tool: string, args: Record<string, unknown> = {}) {
  await page.getByTestId(`tool-try-${tool}`).click();
  const form = page.getByTestId(`try-form-${tool}`);
  const json = form.getByRole('button', { name: 'JSON' });
  if ((await json.count()) > 0) {
    await json.click();
    await form.locator('textarea').fill(JSON.stringify(args));
  }
  await form.getByTestId('tool-run').click();
}

/** Opens the queue from the sidebar; with one request the dialog shows it at once. */
async function openQueue(page: Page): Promise<Locator> {
  await page.getByTestId('interactions-entry').click();
  const dialog = page.getByTestId('interactions-dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('sampling in a chat: review, edit, approve, review the result, edit, approve', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    message([
      text('Asking the server.'),
      toolUse('everything__trigger-sampling-request', { prompt: 'a haiku', maxTokens: 120 }),
    ]),
    message('Old pond, a frog jumps in'),
    toolSaid,
  );
  await sendApprovedOnce(page, shell, 'Use the sampling tool', 'everything');

  // Inline, in the conversation whose tool call asked.
  const panel = page.getByTestId('interactions-inline').getByTestId('interaction-sampling');
  await expect(panel).toContainText('everything asks for a model completion');
  await expect(panel.getByTestId('sampling-system')).toHaveValue('You are a helpful test server.');
  await expect(panel.getByTestId('sampling-max-tokens')).toHaveValue('120');
  await expect(panel.getByTestId('sampling-facts')).toContainText('0.7');
  await expect(page.getByTestId('interactions-entry')).toHaveCount(0);
  await screenshots(page, 'sampling-request');

  await panel.getByTestId('sampling-text-0:0').fill('Write a haiku about a frog, edited by me');
  await panel.getByTestId('sampling-max-tokens').fill('64');
  await panel.getByTestId('sampling-approve').click();

  await expect(panel.getByTestId('sampling-result-text-0')).toHaveValue(
    'Old pond, a frog jumps in',
  );
  await screenshots(page, 'sampling-result');
  // The model got the edited request.
  const sampled = fake.messageRequests[1]?.body as MessagesRequestBody;
  expect(JSON.stringify(sampled.messages)).toContain('Write a haiku about a frog, edited by me');
  expect(sampled.max_tokens).toBe(64);
  expect(JSON.stringify(sampled.system)).toContain('You are a helpful test server.');

  await panel.getByTestId('sampling-result-text-0').fill('Old pond, a frog jumps in — splash!');
  await panel.getByTestId('sampling-approve-result').click();
  await expect(page.getByTestId('interactions-inline')).toHaveCount(0);
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'Old pond, a frog jumps in — splash!',
  );
});

test('sampling rejected from the queue: the server gets the reason as an error', async ({
  page,
  shell,
}) => {
  await openServer(page, shell);
  await runTool(page, 'trigger-sampling-request', { prompt: 'anything', maxTokens: 50 });
  await expect(page.getByTestId('interactions-count')).toHaveText('1');
  await screenshots(page, 'queue-entry', page.locator('.sidebar'));
  const dialog = await openQueue(page);
  await expect(dialog.getByTestId('sampling-request')).toBeVisible();
  await screenshots(page, 'sampling-dialog');
  await dialog.getByTestId('interaction-reject-reason').fill('not today');
  await dialog.getByTestId('interaction-reject').click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByTestId('tool-run-error').or(page.getByTestId('tool-result')),
  ).toContainText('not today');
});

test('elicitation form: filled and accepted, values reach the server with their types', async ({
  page,
  shell,
}) => {
  await openServer(page, shell);
  await runTool(page, 'trigger-elicitation-request');
  const dialog = await openQueue(page);
  const form = dialog.getByTestId('elicitation-form');
  await expect(form).toContainText('Please provide inputs for the following fields:');
  await expect(form.getByTestId('elicit-firstLine')).toHaveValue('It was a dark and stormy night.');
  await screenshots(page, 'elicitation-form');

  // Required name missing and a bad email: messages next to the fields, nothing sent.
  await form.getByTestId('elicit-email').fill('not-an-email');
  await form.getByTestId('elicit-accept').click();
  await expect(form.getByTestId('elicit-error-name')).toHaveText('This field is required.');
  await expect(form.getByTestId('elicit-error-email')).toContainText('email address');
  await expect(form.getByTestId('elicit-name')).toBeFocused();
  await screenshots(page, 'elicitation-errors', dialog);

  await form.getByTestId('elicit-name').fill('Ada Lovelace');
  await form.getByTestId('elicit-email').fill('ada@example.com');
  await form.getByTestId('elicit-check').check();
  await form.getByTestId('elicit-birthdate').fill('1815-12-10');
  await form.getByTestId('elicit-integer').fill('7');
  await form.getByTestId('elicit-untitledMultipleSelectEnum-Piano').check();
  await form.getByTestId('elicit-titledSingleSelectEnum').selectOption({ label: 'Wonder Woman' });
  await form.getByTestId('elicit-legacyTitledEnum').selectOption({ label: 'Dogs' });
  await form.getByTestId('elicit-accept').click();
  await expect(dialog).toHaveCount(0);

  const result = page.getByTestId('tool-result');
  await expect(result).toContainText('User provided the requested information');
  await expect(result).toContainText('- Name: Ada Lovelace');
  await expect(result).toContainText('- Agreed to terms: true');
  // The raw result: numbers as numbers, booleans, arrays, enum values (not labels).
  await expect(result).toContainText('"integer": 7');
  await expect(result).toContainText('"number": 3.14');
  await expect(result).toContainText('"check": true');
  await expect(result).toContainText('"titledSingleSelectEnum": "hero-3"');
  await expect(result).toContainText('"legacyTitledEnum": "pet-2"');
  await expect(result).toContainText(/"untitledMultipleSelectEnum": \[\s*"Guitar",\s*"Piano"\s*\]/);
});

test('elicitation form: declined, then cancelled with Esc', async ({ page, shell }) => {
  await openServer(page, shell);
  await runTool(page, 'trigger-elicitation-request');
  let dialog = await openQueue(page);
  await dialog.getByTestId('elicit-decline').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('tool-result')).toContainText(
    'User declined to provide the requested information',
  );

  await page.getByTestId('tool-run').click();
  dialog = await openQueue(page);
  await dialog.getByTestId('elicit-name').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('tool-result')).toContainText('User cancelled the elicitation');
});

test('URL consent: host emphasised, http warned about, refused without opening', async ({
  page,
  shell,
}) => {
  await openServer(page, shell);
  await runTool(page, 'trigger-url-elicitation', {
    url: 'http://login.example.test/authorize?client=switchboard',
    message: 'Sign in to the example service.',
  });
  const dialog = await openQueue(page);
  const consent = dialog.getByTestId('url-consent');
  await expect(consent).toContainText('Sign in to the example service.');
  await expect(consent.getByTestId('url-host')).toHaveText('login.example.test');
  await expect(consent.getByTestId('url-full')).toHaveText(
    'http://login.example.test/authorize?client=switchboard',
  );
  await expect(consent.getByTestId('url-insecure')).toBeVisible();
  await screenshots(page, 'url-consent');
  await consent.getByTestId('url-decline').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('tool-result')).toContainText('User declined to open the URL');
});

test('roots granted in settings reach the server', async ({ page, shell }) => {
  const folder = await mkdtemp(join(tmpdir(), 'sb-root-'));
  await page.goto(shell.url);
  await page.getByTestId('open-settings').click();
  const roots = page.getByTestId('roots');
  await roots.getByTestId('root-path').fill('relative/path');
  await roots.getByTestId('root-add').click();
  await expect(roots.getByTestId('root-error')).toBeVisible();
  await roots.getByTestId('root-path').fill(folder);
  await roots.getByTestId('root-path').press('Enter');
  await expect(roots.getByTestId('root-item')).toContainText(folder);
  await expect(roots.getByTestId('root-error')).toHaveCount(0);
  await screenshots(page, 'roots', roots);

  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('server-status')).toContainText('Ready', { timeout: 20_000 });
  await runTool(page, 'get-roots-list');
  await expect(page.getByTestId('tool-result')).toContainText(`file://${folder}`);
});

test('a form asked during a chat turn shows inline; the server going away withdraws it', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(message([toolUse('everything__trigger-elicitation-request', {})]), toolSaid);
  await sendApprovedOnce(page, shell, 'Ask me things', 'everything');
  const form = page.getByTestId('interactions-inline').getByTestId('elicitation-form');
  await expect(form).toContainText('Please provide inputs for the following fields:');
  await expect(page.getByTestId('interactions-entry')).toHaveCount(0);
  await screenshots(page, 'elicitation-inline');

  // Elsewhere, the request waits in the queue; the server going away withdraws it.
  await page.getByTestId('server-item-everything').click();
  await expect(page.getByTestId('interactions-count')).toHaveText('1');
  await page.getByTestId('server-toggle').click();
  await expect(page.getByTestId('interaction-notices')).toContainText(
    'everything cancelled the request.',
  );
  await expect(page.getByTestId('interactions-entry')).toHaveCount(0);
});

test('stopping the chat turn closes the form its tool call asked for', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(message([toolUse('everything__trigger-elicitation-request', {})]));
  await sendApprovedOnce(page, shell, 'Ask me things', 'everything');
  const form = page.getByTestId('interactions-inline').getByTestId('elicitation-form');
  await expect(form).toBeVisible();

  await page.getByTestId('stop').click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('stop')).toHaveCount(0);
  // Not waiting in the queue either, and no "the server cancelled" notice: the person stopped it.
  await expect(page.getByTestId('interactions-entry')).toHaveCount(0);
  await expect(page.getByTestId('interaction-notices')).toHaveCount(0);
});

test('sampling set to deny in the server’s Info tab: requests are refused without asking', async ({
  page,
  shell,
}) => {
  await openServer(page, shell);
  await page.getByRole('tab', { name: /Info/ }).click();
  const policy = page.getByTestId('sampling-policy');
  await policy.getByTestId('sampling-mode').selectOption('deny');
  await expect(policy).toContainText('Saved.');
  await policy.getByTestId('sampling-limit').fill('200');
  await policy.getByTestId('sampling-limit').press('Enter');
  await expect(policy.getByTestId('sampling-limit')).toHaveValue('200');
  await screenshots(page, 'sampling-policy', policy);

  await page.getByRole('tab', { name: /Tools/ }).click();
  await runTool(page, 'trigger-sampling-request', { prompt: 'anything', maxTokens: 50 });
  await expect(
    page.getByTestId('tool-run-error').or(page.getByTestId('tool-result')),
  ).toContainText(/Sampling is turned off/);
  await expect(page.getByTestId('interactions-entry')).toHaveCount(0);
});

test('URL consent: the page opens only on “Open in browser”, then the server continues', async ({
  page,
  fake,
}) => {
  // A pretend browser that fetches loopback pages, so nothing leaves the machine.
  const shell = await startWebShell({
    servers: { everything: everything() },
    testOpener: true,
  });
  try {
    await openServer(page, shell);
    const url = `${fake.url}/signed-in?from=e2e`;
    await runTool(page, 'trigger-url-elicitation', { url, message: 'Finish signing in.' });
    const dialog = await openQueue(page);
    const consent = dialog.getByTestId('url-consent');
    await expect(consent.getByTestId('url-insecure')).toBeVisible();
    expect(fake.requests.some((r) => r.path.startsWith('/signed-in'))).toBe(false);
    await consent.getByTestId('url-open').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('tool-result')).toContainText(
      'User completed the URL elicitation flow',
    );
    await expect.poll(() => fake.requests.some((r) => r.path.startsWith('/signed-in'))).toBe(true);
  } finally {
    await shell.stop();
  }
});

test('a form the server sent as a client-side task: in the Tasks list, waiting for you; Answer it opens it', async ({
  page,
  shell,
}) => {
  await openServer(page, shell);
  await runTool(page, 'trigger-elicitation-request-async');
  await page.getByTestId('open-tasks').click();
  const row = page.locator('[data-testid="task-row"][data-kind="elicitation"]');
  await expect(row).toHaveAttribute('data-status', 'input_required');
  await expect(row).toContainText('Request for information');
  await expect(row).toContainText('Asked by the server, which checks back for the answer');
  await screenshots(page, 'client-task');
  await row.getByTestId('task-open-request').click();
  const dialog = page.getByTestId('interactions-dialog');
  await expect(dialog.getByTestId('elicitation-form')).toBeVisible();
  await dialog.getByTestId('elicit-decline').click();
  // Declined is said as such (a neutral state), never as a completed request.
  await expect(row).toHaveAttribute('data-status', 'declined');
  await expect(row.getByTestId('task-open-request')).toHaveCount(0);
});
