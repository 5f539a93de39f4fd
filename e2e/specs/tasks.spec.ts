import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { sendApprovedOnce, toolSaid } from '../fixtures/chatSteps';
import { lastToolResults, message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { fixture } from '../fixtures/servers';
import { startWebShell } from '../fixtures/startWebShell';

/**
 * Tasks end to end: a tool the 2026-07-28 fixture server runs as a task (its tasks kept in a
 * file, like a job queue's), in a chat in the real renderer: live status, Cancel, a reload, and
 * the app killed mid-task and started again — the result still reaches the conversation.
 */
const tasksDir = await mkdtemp(join(tmpdir(), 'sb-e2e-tasks-'));
const test = chatTest({
  jobs: fixture('modern-v2-tasks.mjs', {
    env: { TASKS_FILE: join(tasksDir, 'jobs.json'), TASKS_POLL_MS: '200' },
  }),
});

const shots = 'artifacts/screenshots';

/** Screenshots in light and dark for the current language. */
async function screenshots(page: Page, name: string, target?: Locator): Promise<void> {
  await mkdir(shots, { recursive: true });
  const language = (await page.locator('html').getAttribute('lang')) ?? 'en';
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const path = `${shots}/tasks-${name}-${language}-${scheme}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function chooseLanguage(page: Page, language: 'en' | 'zh-CN'): Promise<void> {
  await page.getByTestId('open-settings').click();
  await page.getByTestId('language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.keyboard.press('Escape');
}

test('a task tool in chat: live status in its card, then the turn goes on with the result', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    message([text('Researching.'), toolUse('jobs__research', { topic: 'tides', seconds: 4 })]),
    toolSaid,
  );
  await sendApprovedOnce(page, shell, 'Research tides', 'jobs');
  const card = page.getByTestId('tool-call');
  const status = card.getByTestId('task-status');
  await expect(status).toHaveAttribute('data-status', 'working');
  await expect(card.getByTestId('task-message')).toHaveText('Gathering sources');
  await expect(card.getByTestId('task-message')).toHaveText('Analyzing content');
  await expect(card.getByTestId('task-elapsed')).toContainText(/Running for \d+ s/);
  await expect(page.getByTestId('tasks-running-count')).toHaveText('1 running');
  await screenshots(page, 'card', card);
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'The tool said: Research report on tides: 3 stages done.',
  );
  await expect(page.getByTestId('tasks-running-count')).toHaveCount(0);
});

test('reload during a task keeps it; Cancel cancels it on the server', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(message([toolUse('jobs__research', { topic: 'slow', seconds: 120 })]), toolSaid);
  await sendApprovedOnce(page, shell, 'Research slowly', 'jobs');
  const card = page.getByTestId('tool-call');
  await expect(card.getByTestId('task-message')).toHaveText('Gathering sources');
  await page.reload();
  await page.getByTestId('conversation-list').getByText('Research slowly').click();
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'working');
  await expect(card.getByTestId('task-message')).toHaveText('Gathering sources');

  // The Tasks list, in both languages and themes, while the task runs.
  await page.getByTestId('open-tasks').click();
  const row = page.getByTestId('task-row');
  await expect(row).toContainText('jobs › research');
  await expect(row).toContainText('From a chat');
  await screenshots(page, 'list');
  await chooseLanguage(page, 'zh-CN');
  await page.getByTestId('open-tasks').click();
  await expect(row).toContainText('来自对话');
  await screenshots(page, 'list');
  await row.getByTestId('task-open-conversation').click();
  await screenshots(page, 'card', card);
  await chooseLanguage(page, 'en');
  await page.getByTestId('open-tasks').click();
  await row.getByTestId('task-open-conversation').click();

  await card.getByTestId('task-cancel').click();
  await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('assistant-message').last()).toContainText('cancelled');
  await expect(card.getByTestId('task-cancel')).toHaveCount(0);
  // A cancelled call is a neutral "Cancelled", not a red "Failed".
  await expect(card.getByTestId('tool-call-status')).toHaveText('Cancelled');
});

test('the app killed mid-task: started again, it follows the task and delivers the result', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    message([
      text('Starting the research.'),
      toolUse('jobs__research', { topic: 'orbits', seconds: 6 }),
    ]),
    (request) =>
      message(
        `After the restart: ${lastToolResults(request)
          .map((r) => r.text)
          .join('; ')}`,
      ),
  );
  await sendApprovedOnce(page, shell, 'Research orbits', 'jobs');
  const card = page.getByTestId('tool-call');
  await expect(card.getByTestId('task-message')).toHaveText('Gathering sources');
  await shell.kill();

  const again = await startWebShell({
    dataDir: shell.dataDir,
    env: { ANTHROPIC_API_KEY: 'sk-e2e', ANTHROPIC_BASE_URL: fake.url },
  });
  try {
    await page.goto(again.url);
    await page.getByTestId('conversation-list').getByText('Research orbits').click();
    await expect(card.getByTestId('task-status')).toHaveAttribute(
      'data-status',
      /working|completed/,
      {
        timeout: 20_000,
      },
    );
    await expect(page.getByTestId('assistant-message').last()).toContainText(
      'After the restart: Research report on orbits: 3 stages done.',
      { timeout: 20_000 },
    );
    await expect(card.getByTestId('task-status')).toHaveAttribute('data-status', 'completed');
    await expect(card.getByTestId('tool-call-status')).toContainText('Done');
  } finally {
    await again.stop();
  }
});
