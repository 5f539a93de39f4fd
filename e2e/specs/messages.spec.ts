import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { cutMidStream, overloaded } from '../fixtures/fakeAnthropic/replies.mjs';
import { plainText } from '../fixtures/fakeAnthropic/scenarios.mjs';
import type { RunningShell } from '../fixtures/startWebShell';

/** A fake Messages API and a web shell, no servers: these are about the messages themselves. */
const test = chatTest();

async function newChat(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await page.getByTestId('new-chat').click();
  await expect(page.locator('#composer-input')).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('#composer-input').fill(text);
  await page.keyboard.press('Enter');
}

const clipboard = (page: Page): Promise<string> =>
  page.evaluate(() => navigator.clipboard.readText());

test('every message copies: a reply as Markdown or as plain text, the person’s words as typed', async ({
  page,
  shell,
  fake,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shell.origin });
  fake.script(plainText('Use **bold** and `code`:\n\n- one\n- two'));
  await newChat(page, shell);
  await send(page, 'Show me *some* formatting');
  const reply = page.getByTestId('assistant-message').last();
  await expect(reply.locator('strong')).toHaveText('bold');

  await reply.getByTestId('copy-message').click();
  await expect(reply.getByTestId('copy-message')).toHaveAccessibleName('Copied');
  expect(await clipboard(page)).toBe('Use **bold** and `code`:\n\n- one\n- two');

  await reply.getByTestId('copy-options').click();
  await page.getByRole('menuitem', { name: 'Copy as plain text' }).click();
  await expect.poll(() => clipboard(page)).toBe('Use bold and code:\n\n- one\n- two');

  const mine = page.getByTestId('user-message').last();
  await mine.hover();
  await mine.getByTestId('copy-message').click();
  await expect.poll(() => clipboard(page)).toBe('Show me *some* formatting');
});

test('a reply cut off after retries stays, marked as cut, and Continue goes on from it', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(overloaded(), cutMidStream('The three steps are: one, two', 22));
  await newChat(page, shell);
  await send(page, 'List the steps');
  const cut = page.getByTestId('assistant-message').last();
  await expect(cut.getByTestId('reply-cut')).toContainText('This reply was cut off');
  await expect(cut).toContainText('The three steps are: o');
  await expect(cut).toHaveAttribute('data-status', 'failed');

  fake.script(plainText('ne, two and three.'));
  await cut.getByTestId('continue-reply').click();
  const replies = page.getByTestId('assistant-message');
  await expect(replies).toHaveCount(2);
  await expect(replies.last()).toContainText('ne, two and three.');
  // The cut part stays, noted as continued; its buttons are gone.
  await expect(replies.first()).toContainText('The three steps are: o');
  await expect(replies.first().getByTestId('reply-cut')).toHaveText(
    'Cut off here; continued below.',
  );
  await expect(page.getByTestId('continue-reply')).toHaveCount(0);
  // The model got the partial reply, then the request to go on.
  const body = fake.messageRequests.at(-1)?.body as {
    messages: { role: string; content: unknown }[];
  };
  expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(JSON.stringify(body.messages[1])).toContain('The three steps are: o');
  expect(JSON.stringify(body.messages[2])).toContain('Continue it from exactly where it stopped');
});

test('editing an earlier message keeps the old branch reachable with ← 1/2 →', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Answer one.'), plainText('Answer two.'), plainText('Answer one, again.'));
  await newChat(page, shell);
  await send(page, 'First question');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Answer one.');
  await send(page, 'Second question');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Answer two.');

  const first = page.getByTestId('user-message').first();
  await first.hover();
  await first.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Edit your message').fill('First question, put better');
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Answer one, again.');
  await expect(page.getByTestId('user-message')).toHaveCount(1);
  const position = page.getByTestId('branch-position');
  await expect(position).toHaveText('2 / 2');

  await page.getByTestId('branch-previous').click();
  await expect(position).toHaveText('1 / 2');
  await expect(page.getByTestId('user-message').locator('.chat-message__text')).toHaveText([
    'First question',
    'Second question',
  ]);
  await expect(page.getByTestId('assistant-message')).toHaveText([/Answer one\./, /Answer two\./]);
  await expect(page.getByTestId('branch-previous')).toBeDisabled();

  // The branch that shows is where the conversation goes on, also after a reload.
  await page.reload();
  await expect(page.getByTestId('branch-position')).toHaveText('1 / 2');
  await page.getByTestId('branch-next').click();
  await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
  await expect(page.getByTestId('assistant-message')).toHaveText([/Answer one, again\./]);
});

test('the model names a new conversation after its first exchange; it exports as Markdown and JSON', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(plainText('Knead, let it rise, bake at 220 °C.')).scriptTitle('Baking bread');
  await newChat(page, shell);
  await send(page, 'How do I bake bread?');
  await expect(page.locator('.chat__title')).toHaveText('Baking bread');
  await expect(page.getByTestId('conversation-list')).toContainText('Baking bread');
  const titleRequest = fake.titleRequests[0]?.body as { model: string; messages: unknown[] };
  expect(JSON.stringify(titleRequest.messages)).toContain('How do I bake bread?');

  await page.getByTestId('chat-export').click();
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as Markdown' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toBe('Baking bread.md');
  const text = await readFile(await markdown.path(), 'utf8');
  expect(text).toMatch(/^# Baking bread\n/);
  expect(text).toContain('## You\n\nHow do I bake bread?');
  // Neutral words: the reply is the assistant's, whichever model wrote it.
  expect(text).toContain('## Assistant\n\nKnead, let it rise, bake at 220 °C.');

  await page.getByTestId('chat-export').click();
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Export as JSON' }).click(),
  ]);
  expect(json.suggestedFilename()).toBe('Baking bread.json');
  const document = JSON.parse(await readFile(await json.path(), 'utf8')) as {
    format: string;
    conversation: { title: string };
    messages: { role: string }[];
  };
  expect(document.format).toBe('switchboard.conversation');
  expect(document.conversation.title).toBe('Baking bread');
  expect(document.messages.map((m) => m.role)).toEqual(['user', 'assistant']);

  // Still renamed as before: the person's title wins.
  const item = page
    .getByTestId('conversation-list')
    .getByRole('button', { name: /Baking bread/ })
    .first();
  await item.focus();
  await page.keyboard.press('F2');
  await page.keyboard.type('Bread notes');
  await page.keyboard.press('Enter');
  await expect(page.locator('.chat__title')).toHaveText('Bread notes');
});

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('files from the computer, chosen, dropped or pasted, go with the message: images as images, text as documents', async ({
  page,
  shell,
  fake,
}) => {
  await newChat(page, shell);
  const big = 'line of notes\n'.repeat(90_000); // 1.2 MB: several pieces on the way to main
  await page.getByTestId('file-input').setInputFiles([
    { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(big) },
  ]);
  // Dropped and pasted files arrive the same way.
  const transfer = (name: string) =>
    page.evaluateHandle((fileName) => {
      const data = new DataTransfer();
      data.items.add(new File([`content of ${fileName}`], fileName, { type: 'text/plain' }));
      return data;
    }, name);
  await page
    .getByTestId('composer')
    .dispatchEvent('drop', { dataTransfer: await transfer('dropped.txt') });
  await page.locator('#composer-input').evaluate(
    (input, data) => {
      input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    await transfer('pasted.txt'),
  );
  const chips = page.getByTestId('composer').getByTestId('attachment-chip');
  await expect(chips).toHaveText([/dot\.png/, /notes\.md/, /dropped\.txt/, /pasted\.txt/]);
  await expect(chips.first()).toContainText('this computer');
  await expect(page.getByTestId('send')).toBeEnabled({ timeout: 20_000 });

  // Too large for the model: refused before anything is sent, with the limit.
  await page.getByTestId('file-input').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(4 * 1024 * 1024),
  });
  await expect(page.getByTestId('file-problem')).toContainText(
    'huge.png is 4.0 MB: the model takes images up to 3.8 MB',
  );
  await expect(chips).toHaveCount(4);

  fake.script(plainText('I see a dot and your notes.'));
  await send(page, 'What are these?');
  await expect(page.getByTestId('assistant-message').last()).toContainText('I see a dot');
  const body = fake.messageRequests.at(-1)?.body as {
    messages: { content: { type: string; title?: string; source?: { data?: string } }[] }[];
  };
  const blocks = body.messages[0]?.content ?? [];
  expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'document', 'document', 'text']);
  expect(blocks[0]?.source?.data).toBe(PNG.toString('base64'));
  expect(blocks.slice(1, 4).map((b) => b.title)).toEqual(['notes.md', 'dropped.txt', 'pasted.txt']);
  expect(blocks[1]?.source?.data).toHaveLength(big.length);

  // Kept with the message: the image shows in it, the files as chips, also after a reload.
  await page.reload();
  const mine = page.getByTestId('user-message').first();
  await expect(mine.locator('img.chat-message__image')).toHaveCount(1);
  await expect(mine.getByTestId('attachment-chip')).toHaveText([
    /dot\.png.*this computer/,
    /notes\.md/,
    /dropped\.txt/,
    /pasted\.txt/,
  ]);
});
