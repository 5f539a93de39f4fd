import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/base';
import {
  startFakeAnthropic,
  type RecordedRequest,
} from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { oneToolCall, searchThenCall } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { AppPage } from '../pages/AppPage';

/** A data folder whose servers are fixture servers that write a line to `starts.log` on each start. */
async function folder(): Promise<{ dataDir: string; starts: () => Promise<string[]> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-e2e-ondemand-'));
  return {
    dataDir,
    starts: async () =>
      (await readFile(join(dataDir, 'starts.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(' ')[0] ?? ''),
  };
}

function counted(dataDir: string, name: string, extra: Record<string, unknown> = {}) {
  const env = (extra.env as Record<string, string> | undefined) ?? {};
  return fixture('counted.mjs', {
    ...extra,
    args: [...(fixture('counted.mjs').args as string[]), name],
    env: { START_LOG: join(dataDir, 'starts.log'), FAIL_FILE: join(dataDir, 'fail'), ...env },
  });
}

/** Runs the built CLI as its own process, as a person's shell would. */
function cli(
  dataDir: string,
  ...argv: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['out/main/cli.js', ...argv, '--data-dir', dataDir, '--no-login-shell'],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

const delta = (before: string[], after: string[]) => after.slice(before.length);

test('CLI: tools answers from remembered lists with no start, call starts one, a launch entry starts with the shell, and a server never runs twice', async () => {
  test.setTimeout(120_000);
  const { dataDir, starts } = await folder();
  const servers: Record<string, unknown> = {};
  for (let i = 1; i <= 10; i++)
    servers[`s${String(i).padStart(2, '0')}`] = counted(dataDir, `s${i}`);
  servers.boot = counted(dataDir, 'boot', { start: 'launch' });
  await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: servers }, null, 2));

  // A first run connects every server and so learns each one's list.
  const learn = await cli(dataDir, 'servers', '--json');
  expect(learn.code).toBe(0);
  expect((await starts()).length).toBe(11);

  // A new process: the whole catalogue, from the lists alone. Nothing starts.
  const before = await starts();
  const tools = await cli(dataDir, 'tools', '--json');
  expect(tools.code).toBe(0);
  const listed = (JSON.parse(tools.out) as { tools: Record<string, unknown>[] }).tools;
  expect(listed).toHaveLength(22);
  expect(Object.keys(listed[0] ?? {}).sort()).toEqual(
    ['description', 'inputSchema', 'name', 'originalName', 'server'].sort(),
  );
  expect(listed.map((t) => t.name)).toContain('s03__lookup');
  expect(delta(before, await starts())).toEqual([]);

  // call starts exactly its server.
  const one = await cli(dataDir, 'call', 's03', 'lookup', '--args', '{"word":"lazy"}');
  expect(one).toMatchObject({ code: 0, out: 's3: lazy is a fine word\n' });
  expect(delta(before, await starts())).toEqual(['s3']);

  // The web shell: the entry marked "start": "launch" starts with it, the ten wait.
  const marked = await starts();
  const shell = await startWebShell({ dataDir });
  try {
    await expect
      .poll(async () => delta(marked, await starts()), { timeout: 20_000 })
      .toEqual(['boot']);
    // The CLI cannot share the shell's pipe to it, and never starts a second copy.
    const refused = await cli(dataDir, 'call', 'boot', 'pid');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `“boot” is already running in the web shell (pid ${String(shell.pid)}) on this data folder`,
    );
    // servers reports it as running elsewhere, and is not a failure for that.
    const report = await cli(dataDir, 'servers', '--json');
    const rows = (JSON.parse(report.out) as { servers: { name: string; status: string }[] })
      .servers;
    expect(rows.find((r) => r.name === 'boot')?.status).toBe('elsewhere');
    expect(report.code).toBe(0);
    expect(delta(marked, await starts()).filter((s) => s === 'boot')).toEqual(['boot']);
  } finally {
    await shell.stop();
  }
  // Once the shell is gone, the CLI may run it.
  const after = await cli(dataDir, 'call', 'boot', 'lookup', '--args', '{"word":"free"}');
  expect(after).toMatchObject({ code: 0, out: 'boot: free is a fine word\n' });
});

interface SentTool {
  name: string;
  defer_loading?: boolean;
}
const toolsOf = (request: RecordedRequest | undefined): SentTool[] =>
  (request?.body as { tools?: SentTool[] } | undefined)?.tools ?? [];

test('chat: the model finds a remembered tool by search; the call starts its server, asks, and answers', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { dataDir, starts } = await folder();
  // Slow to start, so the card's "starting" can be seen.
  const notes = counted(dataDir, 'notes', { env: { START_DELAY_MS: '1500' } });
  await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { notes } }));
  // Tool search on: every definition is deferred, the model has to search.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({
      toolSearch: { mode: 'on', minTools: 40, minTokens: 10_000, useApiSearch: true },
    }),
  );
  expect((await cli(dataDir, 'tools')).code).toBe(0);
  expect(await starts()).toEqual(['notes']);

  const fake = await startFakeAnthropic();
  const shell = await startWebShell({
    dataDir,
    env: { ANTHROPIC_API_KEY: 'sk-e2e', ANTHROPIC_BASE_URL: fake.url },
  });
  try {
    fake.script(
      ...searchThenCall({ query: 'glossary word', name: 'notes__lookup', input: { word: 'lazy' } }),
    );
    await page.goto(shell.url);
    await expect(page.getByTestId('server-item-notes')).toContainText('Starts when used');
    await page.getByTestId('new-chat').click();
    await page.locator('#composer-input').fill('What does my glossary say about "lazy"?');
    await page.keyboard.press('Enter');
    const status = page.getByTestId('tool-call-status');
    await expect(status).toHaveText('Starting notes…');
    const dialog = page.getByTestId('approval-dialog');
    await expect(dialog).toContainText('lookup');
    await expect(dialog).toContainText('lazy');
    await page.getByTestId('approval-once').click();
    await expect(status).toContainText(/Done/);
    await expect(page.getByTestId('assistant-message').last()).toContainText(
      'notes: lazy is a fine word',
    );
    await expect(page.getByTestId('server-item-notes')).toContainText(/tool/);
    expect(await starts()).toEqual(['notes', 'notes']);
    // The request before the start carried the remembered definition, deferred.
    expect(toolsOf(fake.messageRequests[0]).find((t) => t.name === 'notes__lookup')).toMatchObject({
      defer_loading: true,
    });
  } finally {
    await shell.stop();
    await fake.close();
  }
});

const dir = 'artifacts/screenshots';
const looks = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'zh-CN', theme: 'light' },
  { language: 'zh-CN', theme: 'dark' },
] as const;

for (const { language, theme } of looks) {
  test(`screenshot: a tool card while its server starts (${language}, ${theme})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await mkdir(dir, { recursive: true });
    const { dataDir } = await folder();
    const notes = counted(dataDir, 'notes', { env: { START_DELAY_MS: '4000' } });
    await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: { notes } }));
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ language, theme }));
    expect((await cli(dataDir, 'tools')).code).toBe(0);
    const fake = await startFakeAnthropic();
    const shell = await startWebShell({
      dataDir,
      env: { ANTHROPIC_API_KEY: 'sk-e2e', ANTHROPIC_BASE_URL: fake.url },
    });
    try {
      fake.script(...oneToolCall({ name: 'notes__lookup', input: { word: 'lazy' } }));
      await page.setViewportSize({ width: 800, height: 600 });
      await page.goto(shell.url);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByTestId('new-chat').click();
      await page.locator('#composer-input').fill('lazy?');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('tool-call-status')).toHaveText(
        language === 'en' ? 'Starting notes…' : /notes/,
      );
      await page.screenshot({ path: `${dir}/tool-card-starting-${language}-${theme}.png` });
      await expect(page.getByTestId('approval-dialog')).toBeVisible({ timeout: 20_000 });
    } finally {
      await shell.stop();
      await fake.close();
    }
  });
}

async function shoot(page: Page, app: AppPage, name: string): Promise<void> {
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.keyboard.press('Escape');
      await page.getByTestId('open-servers').click();
      await expect(page.getByTestId('server-memory-files')).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-${language}-${theme}.png` });
      await page.setViewportSize({ width: 800, height: 600 });
      await page.screenshot({ path: `${dir}/${name}-${language}-${theme}-800x600.png` });
      await page.setViewportSize({ width: 1200, height: 760 });
      await page.getByTestId('server-item-files').click();
      await expect(page.getByTestId('server-detail')).toBeVisible();
      await expect(page.locator('.facts')).toContainText(/MB/);
      await page.screenshot({ path: `${dir}/server-cost-${language}-${theme}.png` });
    }
  }
}

test('screenshots of the servers screen: states and memory, en and zh-CN, light and dark', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await mkdir(dir, { recursive: true });
  const { dataDir } = await folder();
  const learned = {
    files: counted(dataDir, 'files'),
    glossary: counted(dataDir, 'glossary'),
    broken: counted(dataDir, 'broken', { env: { FAIL_FILE: join(dataDir, 'broken-fails') } }),
    // Stops after a minute unused: "stopped when idle" by the time the shots are taken.
    calendar: counted(dataDir, 'calendar', { idleMinutes: 1 }),
    // Once the lists are learned, takes ten minutes to answer: "starting" throughout.
    slow: counted(dataDir, 'slow', {
      env: { DELAY_FILE: join(dataDir, 'slow-delay') },
      timeouts: { startupMs: 900_000 },
    }),
  };
  await writeFile(join(dataDir, 'servers.json'), JSON.stringify({ mcpServers: learned }));
  expect((await cli(dataDir, 'servers')).code).toBe(0);
  await writeFile(join(dataDir, 'broken-fails'), '');
  await writeFile(join(dataDir, 'slow-delay'), '600000');
  const shell: RunningShell = await startWebShell({ dataDir });
  try {
    const app = new AppPage(page, shell);
    await app.open();
    await page.getByTestId('open-servers').click();
    // One running (its memory and CPU), one failing to start, the others waiting to be needed.
    await page.getByTestId('servers-start-files').click();
    await page.getByTestId('servers-start-calendar').click();
    await page.getByTestId('servers-start-broken').click();
    await page.getByTestId('servers-start-slow').click();
    await expect(page.getByTestId('servers-row-broken')).toHaveAttribute('data-state', 'error', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('server-cpu-files')).toHaveText(/%/, { timeout: 20_000 });
    await expect(page.getByTestId('servers-row-slow')).toHaveAttribute('data-state', 'starting');
    await expect(page.getByTestId('servers-row-calendar')).toHaveAttribute('data-state', 'ready', {
      timeout: 20_000,
    });
    // The idle sweep runs every 30 s: a minute unused is seen within a minute and a half.
    await expect(page.getByTestId('servers-row-calendar')).toContainText('Stopped when idle', {
      timeout: 120_000,
    });
    await shoot(page, app, 'servers-on-demand');
  } finally {
    await shell.stop();
  }
});
