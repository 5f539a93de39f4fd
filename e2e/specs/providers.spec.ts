import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { lastToolResults, message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { chat, lastToolMessages, toolCall } from '../fixtures/fakeOpenAi/chatReplies.mjs';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/fakeOpenAi/FakeOpenAi.mjs';
import type { ChatRequestBody } from '../fixtures/fakeOpenAi/chatReplies.mjs';
import { fixture } from '../fixtures/servers';

const KEY = 'sk-e2e-deepseek-0123456789-secret';

/** Claude through the fake Messages API (built in), and a fake Chat Completions server to add. */
const test = chatTest({ echo: fixture('echo.mjs') }).extend<{ chatApi: FakeOpenAi }>({
  // Playwright requires the destructuring pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  chatApi: async ({}, use) => {
    const chatApi = await startFakeOpenAi({ apiKey: KEY });
    await use(chatApi);
    await chatApi.close();
  },
});

async function send(page: Page, words: string): Promise<void> {
  await page.locator('#composer-input').fill(words);
  await page.keyboard.press('Enter');
}

async function approveOnce(page: Page): Promise<void> {
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
}

test('add a provider in Settings, chat with its model and a tool, switch to Claude and back', async ({
  page,
  shell,
  fake,
  chatApi,
}) => {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-echo')).toContainText(/3 tools/, { timeout: 20_000 });

  // Settings: one dialog adds DeepSeek: preset, its URL (the fake) and key, Test, Add.
  await page.getByTestId('open-settings').click();
  const providers = page.getByTestId('providers');
  await providers.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a model provider' });
  await dialog.getByTestId('provider-preset').selectOption('deepseek');
  await dialog.getByLabel('Base URL').fill(chatApi.url);
  await dialog.getByLabel('API key').fill('sk-wrong');
  await dialog.getByTestId('provider-draft-test').click();
  await expect(dialog.getByTestId('provider-draft-result')).toHaveText(/^Failed: /);
  // Testing added nothing.
  await expect(page.getByTestId('provider-deepseek')).toHaveCount(0);
  await dialog.getByLabel('API key').fill(KEY);
  await dialog.getByTestId('provider-draft-test').click();
  await expect(dialog.getByTestId('provider-draft-result')).toHaveText(
    /^Connected \(\d+ ms\): 3 models listed: deepseek-chat, deepseek-reasoner, qwen3-coder-plus\.$/,
  );
  expect(chatApi.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId('provider-deepseek');
  await expect(row.getByRole('region', { name: 'Details of DeepSeek' })).toBeVisible();
  await expect(row.getByLabel('Base URL')).toHaveValue(chatApi.url);
  await expect(row.getByTestId('api-key-status')).toHaveText('A key is stored');
  await expect(row.getByTestId('provider-key-chip')).toHaveText('A key is stored');
  await row.getByRole('button', { name: 'Test connection' }).click();
  await expect(row.getByTestId('provider-test-result')).toHaveText(
    /Connected \(\d+ ms\): 3 models listed: deepseek-chat, /,
  );
  await page.keyboard.press('Escape');

  // A new chat on DeepSeek's model, picked from its group: a tool call, approved, answered.
  await page.getByTestId('new-chat').click();
  const picker = page.getByTestId('model-picker');
  await expect(picker.locator('optgroup[label="DeepSeek"] option')).toHaveText([
    'deepseek-chat',
    'deepseek-reasoner',
    'qwen3-coder-plus',
  ]);
  await expect(picker.locator('optgroup[label="Anthropic"] option').first()).toHaveText(
    'Claude Opus 5.5',
  );
  await picker.selectOption('deepseek/deepseek-chat');
  chatApi.script(
    chat('Echoing it.', {
      reasoning: 'The person wants an echo.',
      toolCalls: [toolCall('echo__echo', { text: 'hello from deepseek' })],
    }),
    (request) => chat(`DeepSeek heard: ${lastToolMessages(request)[0]?.text ?? ''}`),
  );
  await send(page, 'Echo something');
  await expect(page.getByTestId('approval-dialog')).toContainText('hello from deepseek');
  await approveOnce(page);
  const replies = page.getByTestId('assistant-message');
  await expect(replies.last()).toContainText('DeepSeek heard: hello from deepseek');
  await expect(page.getByTestId('tool-call').getByTestId('tool-call-status')).toContainText(/Done/);
  // Its reasoning is there, folded.
  const reasoning = page.getByTestId('reasoning');
  await expect(reasoning).toHaveCount(1);
  await expect(reasoning).not.toHaveAttribute('open');
  await reasoning.locator('summary').click();
  await expect(reasoning).toContainText('The person wants an echo.');
  await expect(replies.last().getByTestId('message-model')).toHaveText('deepseek-chat');
  expect((chatApi.chatRequests[0]?.body as ChatRequestBody).model).toBe('deepseek-chat');

  // Switch to Claude mid-chat: it gets DeepSeek's call and result in its own wire.
  await picker.selectOption('anthropic/claude-sonnet-5-5');
  fake.script(
    message([text('Claude here.'), toolUse('echo__echo', { text: 'hello from claude' })]),
    (request) => message(`Claude heard: ${lastToolResults(request)[0]?.text ?? ''}`),
  );
  await send(page, 'Now you, Claude');
  await approveOnce(page);
  await expect(replies.last()).toContainText('Claude heard: hello from claude');
  await expect(replies.last().getByTestId('message-model')).toHaveText('claude-sonnet-5-5');
  const toClaude = JSON.stringify(fake.messageRequests[0]?.body);
  expect(toClaude).toContain('hello from deepseek');
  expect(toClaude).toMatch(/"tool_use_id":"call_/);

  // And back: DeepSeek gets both calls, each answered under its own id.
  await picker.selectOption('deepseek/deepseek-chat');
  chatApi.script(chat('Back on DeepSeek.'));
  await send(page, 'Back to DeepSeek');
  await expect(replies.last()).toContainText('Back on DeepSeek.');
  const last = chatApi.chatRequests.at(-1)?.body as ChatRequestBody;
  const ids = last.messages.flatMap((m) =>
    (m.tool_calls ?? []).map((c) => c.id).concat(m.tool_call_id ?? []),
  );
  expect(ids).toHaveLength(4);
  expect(ids[0]).toMatch(/^call_/);
  expect(ids[2]).toMatch(/^toolu_/);
  // The reasoning stayed here: it was not sent back.
  expect(JSON.stringify(last)).not.toContain('The person wants an echo.');
  // The provider's key never reached the window.
  expect(frames.join('\n')).not.toContain(KEY);
});
