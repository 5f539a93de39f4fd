import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import type { FakeAnthropic } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { oneToolCall, plainText } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { everything, fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';

/**
 * Resources and prompts in the composer, against server-everything from node_modules and the
 * fake Messages API: what the person attaches must reach the model as the right blocks.
 */
const test = chatTest({ everything: everything() });

const screenshots = 'artifacts/screenshots';

async function openChat(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-everything')).toContainText(/\d+ tools/, {
    timeout: 30_000,
  });
  await page.getByTestId('new-chat').click();
  await expect(page.locator('#composer-input')).toBeVisible();
}

/** The content blocks of the last user message the fake API received. */
function lastUserBlocks(fake: FakeAnthropic): Record<string, unknown>[] {
  const body = fake.messageRequests.at(-1)?.body as
    { messages: { role: string; content: unknown }[] } | undefined;
  const user = body?.messages.filter((m) => m.role === 'user').at(-1);
  const content = user?.content;
  return Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
}

function documents(blocks: Record<string, unknown>[]) {
  return blocks
    .filter((b) => b.type === 'document')
    .map((b) => b as { title?: string; source: { type: string; data: string } });
}

/**
 * Waits until the open menu's first entry is the expected one, then takes it: Enter pressed
 * while the list is still filtering (a busy machine) would take whatever was first before.
 */
async function chooseFirst(page: Page, expected: string | RegExp): Promise<void> {
  await expect(page.getByTestId('pick-entry').first()).toContainText(expected);
  await page.keyboard.press('Enter');
}

test('@ opens the picker, the query filters, Enter attaches, the model gets a document', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Read it.'));
  await openChat(page, shell);
  const input = page.locator('#composer-input');
  await input.pressSequentially('Summarize @');
  const picker = page.getByTestId('resource-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('pick-entry').first()).toBeVisible();
  await input.pressSequentially('archmd');
  const entries = picker.getByTestId('pick-entry');
  await expect(entries.first()).toContainText('architecture.md');
  await expect(entries.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  // The typed @query is gone; the chip holds the resource.
  await expect(input).toHaveValue('Summarize ');
  const chip = page.getByTestId('composer').getByTestId('attachment-chip');
  await expect(chip).toContainText('architecture.md');
  await expect(chip).toContainText('everything');

  await input.pressSequentially('please');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Read it.');
  const blocks = lastUserBlocks(fake);
  const [doc] = documents(blocks);
  expect(doc?.title).toContain('architecture.md');
  expect(doc?.source.data).toContain('Everything Server – Architecture');
  expect(blocks.at(-1)).toEqual({ type: 'text', text: 'Summarize please' });
  // The sent message shows its chip; the composer's are gone.
  const messageChip = page.getByTestId('user-message').getByTestId('attachment-chip');
  await expect(messageChip).toContainText('architecture.md');
  await expect(page.getByTestId('composer').getByTestId('attachment-chip')).toHaveCount(0);

  // A reload reads the stored message back, chips included.
  await page.reload();
  await page.getByTestId('conversation-list').getByText('Summarize please').click();
  await expect(page.getByTestId('user-message').getByTestId('attachment-chip')).toContainText(
    'architecture.md',
  );
});

test('a template with server completion is attached through its form', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Got the dynamic one.'));
  await openChat(page, shell);
  await page.getByTestId('attach').click();
  const search = page.getByTestId('picker-search');
  await expect(search).toBeFocused();
  await search.fill('dynamic text');
  const entry = page.getByTestId('pick-entry').first();
  await expect(entry).toContainText('Dynamic Text Resource');
  await expect(entry).toContainText('template');
  await page.keyboard.press('Enter');

  const form = page.getByTestId('template-form');
  await expect(form).toContainText('demo://resource/dynamic/text/{resourceId}');
  const field = form.getByTestId('argument-resourceId');
  await expect(field).toBeFocused();
  await field.pressSequentially('7');
  // server-everything completes a valid id with itself: the suggestion came from the server.
  const suggestions = form.getByTestId('suggestions-resourceId');
  await expect(suggestions.getByRole('option')).toHaveText(['7']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(suggestions).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  const chip = page.getByTestId('composer').getByTestId('attachment-chip');
  await expect(chip).toContainText('Dynamic Text Resource (7)');

  // The chip opens a bounded preview with its size.
  await chip.getByRole('button', { name: /Preview/ }).click();
  const preview = page.getByTestId('attachment-preview');
  await expect(preview).toContainText('demo://resource/dynamic/text/7');
  await expect(preview.getByTestId('resource-contents')).toContainText('Resource 7:');
  await expect(preview.getByTestId('preview-size')).toContainText(/\d+ B/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  await page.locator('#composer-input').fill('What does it say?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Got the dynamic one.');
  const [doc] = documents(lastUserBlocks(fake));
  expect(doc?.source.data).toContain('Resource 7: This is a plaintext resource');
});

test('a watched resource that changes offers to re-attach its fresh version', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    plainText('Noted.'),
    oneToolCall({ name: 'everything__toggle-subscriber-updates', input: {} }),
  );
  await openChat(page, shell);
  const input = page.locator('#composer-input');
  await input.pressSequentially('@instructions');
  await chooseFirst(page, 'instructions.md');
  await expect(page.getByTestId('composer').getByTestId('attachment-chip')).toBeVisible();
  await input.pressSequentially('Keep this in mind');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Noted.');

  // Watch it from the sent message's chip.
  const messageChip = page.getByTestId('user-message').first().getByTestId('attachment-chip');
  await messageChip.getByRole('button', { name: /Preview/ }).click();
  const preview = page.getByTestId('attachment-preview');
  await expect(preview.getByTestId('resource-contents')).toBeVisible();
  await preview.getByTestId('watch-toggle').click();
  await expect(preview.getByTestId('watch-toggle')).toHaveAttribute('aria-pressed', 'true');
  await preview.getByTestId('preview-close').click();

  // server-everything sends resources/updated to subscribers once this tool turns updates on.
  await input.fill('Start the updates');
  await page.keyboard.press('Enter');
  await page.getByTestId('approval-once').click();
  await expect(messageChip).toHaveAttribute('data-changed', 'true', { timeout: 15_000 });
  await expect(messageChip).toContainText('changed');
  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/context-changed-chip-light.png` });
  await messageChip.getByTestId('reattach').click();
  await expect(page.getByTestId('composer').getByTestId('attachment-chip')).toContainText(
    'instructions.md',
  );
});

test('/ opens the prompt menu; arguments complete with context; the text is edited and sent', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Promotion drafted.'));
  await openChat(page, shell);
  const input = page.locator('#composer-input');
  await input.pressSequentially('/team');
  const menu = page.getByTestId('prompt-menu');
  await expect(menu.getByTestId('pick-entry').first()).toContainText('Team Management');
  await expect(menu.getByTestId('pick-entry').first()).toContainText('everything');
  await page.keyboard.press('Enter');

  const form = page.getByTestId('prompt-form');
  await expect(form).toContainText('First argument choice narrows values for second argument.');
  const department = form.getByTestId('argument-department');
  await expect(department).toBeFocused();
  await department.pressSequentially('E');
  await expect(form.getByTestId('suggestions-department').getByRole('option')).toHaveText([
    'Engineering',
  ]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(department).toHaveValue('Engineering');
  // The second argument's completions depend on the first (sent as context).
  const name = form.getByTestId('argument-name');
  await name.focus();
  await expect(form.getByTestId('suggestions-name').getByRole('option')).toHaveText([
    'Alice',
    'Bob',
    'Charlie',
  ]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue('Bob');
  await form.getByTestId('prompt-form-submit').click();
  await expect(form).toHaveCount(0);

  await expect(input).toHaveValue('Please promote Bob to the head of the Engineering team.');
  await expect(input).toBeFocused();
  await page.keyboard.press('End');
  await input.pressSequentially(' Keep it short.');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Promotion drafted.');
  expect(lastUserBlocks(fake).at(-1)).toEqual({
    type: 'text',
    text: 'Please promote Bob to the head of the Engineering team. Keep it short.',
  });
});

test('a prompt with an embedded resource inserts it as an inline chip that is sent', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Analyzed.'));
  await openChat(page, shell);
  const input = page.locator('#composer-input');
  await input.pressSequentially('/resource prompt');
  // Whitespace ends a slash query: the menu closes, the text stays.
  await expect(page.getByTestId('prompt-menu')).toHaveCount(0);
  await input.fill('');
  await input.pressSequentially('/resourcepr');
  await chooseFirst(page, /resource/i);
  const form = page.getByTestId('prompt-form');
  // Required arguments are marked and checked before asking the server.
  await form.getByTestId('prompt-form-submit').click();
  await expect(form.getByRole('alert')).toContainText('resourceType');
  await form.getByTestId('argument-resourceType').fill('Text');
  await form.getByTestId('argument-resourceId').fill('2');
  await form.getByTestId('prompt-form-submit').click();
  await expect(input).toHaveValue(/This prompt includes the Text resource with id: 2/);
  const chip = page.getByTestId('composer').getByTestId('attachment-chip');
  await expect(chip).toContainText('from a prompt');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Analyzed.');
  const blocks = lastUserBlocks(fake);
  expect(JSON.stringify(blocks)).toContain('Resource 2: This is a plaintext resource');
  expect(JSON.stringify(blocks.at(-1))).toContain('This prompt includes the Text resource');
});

test('thousands of file resources stay fast; a large one needs a confirmation', async ({
  page,
  fake,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'sb-e2e-files-'));
  const count = 3000;
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      writeFile(join(dir, `note-${String(i)}.md`), `# Note ${String(i)}\n`),
    ),
  );
  const shell = await startWebShell({
    servers: {
      files: fixture('resources.mjs', {
        env: { RESOURCES_DIR: dir, RESOURCES_BIG_BYTES: String(1.5 * 1024 * 1024) },
      }),
    },
    env: { ANTHROPIC_API_KEY: 'sk-e2e', ANTHROPIC_BASE_URL: fake.url },
  });
  try {
    fake.script(plainText('Two images.'));
    await page.goto(shell.url);
    await expect(page.getByTestId('server-item-files')).toContainText(/\d+ tools?/, {
      timeout: 30_000,
    });
    await page.getByTestId('new-chat').click();
    const input = page.locator('#composer-input');
    await input.pressSequentially('@');
    const picker = page.getByTestId('resource-picker');
    await expect(picker.getByTestId('pick-entry').first()).toBeVisible();
    // Thousands listed, a screenful rendered.
    expect(await picker.getByTestId('pick-entry').count()).toBeLessThan(100);
    // Up from the first entry wraps to the last one, scrolled into view.
    await page.keyboard.press('ArrowUp');
    const active = picker.locator('[aria-selected="true"]');
    await expect(active).toBeInViewport();
    await expect(active).toContainText(/note-\d+\.md/);

    const started = Date.now();
    await input.pressSequentially('note-2999');
    await expect(picker.getByTestId('pick-entry').first()).toContainText('note-2999.md');
    console.log(
      `picker: ${String(count)} resources, 9 keystrokes filtered in ${String(Date.now() - started)} ms`,
    );
    await page.keyboard.press('Escape');
    await input.fill('');

    // big.bin does not say its size in the listing: it is read, then the person decides.
    await input.pressSequentially('@big');
    await chooseFirst(page, 'big');
    const warning = page.getByTestId('large-warning');
    await expect(warning).toContainText('1.5 MB');
    await mkdir(screenshots, { recursive: true });
    await page.screenshot({ path: `${screenshots}/context-large-warning-light.png` });
    await warning.getByRole('button', { name: 'Don’t attach' }).click();
    await expect(warning).toHaveCount(0);
    const chips = page.getByTestId('composer').getByTestId('attachment-chip');
    await expect(chips).toHaveCount(0);
    await expect(input).toBeFocused();
    await input.pressSequentially('@big');
    await chooseFirst(page, 'big');
    await page.getByTestId('large-confirm').click();
    await expect(chips).toContainText('big.bin');
    await expect(chips).toContainText('1.5 MB');
    await input.pressSequentially('@logo');
    await chooseFirst(page, 'logo');
    await expect(chips).toHaveCount(2);
    await input.pressSequentially('What are these?');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('assistant-message').last()).toContainText('Two images.');
    const images = lastUserBlocks(fake).filter((b) => b.type === 'image');
    expect(images.map((b) => (b.source as { media_type: string }).media_type)).toEqual([
      'image/png',
      'image/png',
    ]);
  } finally {
    await shell.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

const looks = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'en' },
  { theme: 'dark', language: 'zh-CN' },
] as const;

for (const { theme, language } of looks) {
  test(`screenshots of the picker, forms, menus and chips (${language} ${theme})`, async ({
    page,
    shell,
    fake,
  }) => {
    fake.script(plainText('Compared.'));
    await mkdir(screenshots, { recursive: true });
    const name = (what: string): string =>
      `${screenshots}/context-${what}-${language === 'en' ? '' : `${language}-`}${theme}.png`;
    await page.goto(shell.url);
    await page.getByTestId('open-settings').click();
    const radio = page.getByTestId(`theme-${theme}`);
    await radio.click();
    await expect(radio).toBeChecked();
    await page.getByTestId('language').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('server-item-everything')).toContainText(/\d+ (tools|个工具)/, {
      timeout: 30_000,
    });
    await page.getByTestId('new-chat').click();
    const input = page.locator('#composer-input');

    await input.pressSequentially('Compare @');
    await expect(page.getByTestId('pick-entry').first()).toBeVisible();
    await page.screenshot({ path: name('picker') });
    await input.pressSequentially('how');
    await expect(page.getByTestId('pick-entry').first()).toContainText('how-it-works');
    await page.screenshot({ path: name('picker-search') });
    await page.keyboard.press('Enter');
    await input.pressSequentially('@struct');
    await chooseFirst(page, 'structure.md');
    await expect(page.getByTestId('composer').getByTestId('attachment-chip')).toHaveCount(2);

    await page.getByTestId('attach').click();
    await page.getByTestId('picker-search').fill('dynamic text');
    await page.keyboard.press('Enter');
    await page.getByTestId('argument-resourceId').pressSequentially('12');
    await expect(page.getByTestId('suggestions-resourceId').getByRole('option')).toHaveCount(1);
    await page.screenshot({ path: name('template-form') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('template-form')).toHaveCount(0);
    await page.screenshot({ path: name('chips') });

    await input.fill('/');
    await expect(page.getByTestId('prompt-menu').getByTestId('pick-entry').first()).toBeVisible();
    await page.screenshot({ path: name('slash-menu') });
    await input.pressSequentially('team');
    await page.keyboard.press('Enter');
    await page.getByTestId('argument-department').pressSequentially('S');
    await expect(page.getByTestId('suggestions-department').getByRole('option')).toHaveCount(2);
    await page.screenshot({ path: name('prompt-form') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page
      .getByTestId('composer')
      .getByTestId('attachment-chip')
      .first()
      .getByRole('button')
      .first()
      .click();
    await expect(page.getByTestId('resource-contents')).toBeVisible();
    await page.screenshot({ path: name('preview') });
    await page.getByTestId('preview-close').click();

    await input.fill('Compare these two');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('assistant-message').last()).toContainText('Compared.');
    await expect(page.getByTestId('user-message').getByTestId('attachment-chip')).toHaveCount(2);
    await page.screenshot({ path: name('message-chips') });
  });
}
