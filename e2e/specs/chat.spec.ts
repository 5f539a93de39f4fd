import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { cutMidStream } from '../fixtures/fakeAnthropic/replies.mjs';
import {
  oneToolCall,
  plainText,
  twoParallelToolCalls,
} from '../fixtures/fakeAnthropic/scenarios.mjs';
import { fixture } from '../fixtures/servers';
import type { RunningShell } from '../fixtures/startWebShell';

/** Each test: a fake Messages API, and a web shell using it with the echo server configured. */
const test = chatTest({ echo: fixture('echo.mjs') });

async function openChat(page: Page, shell: RunningShell): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-echo')).toContainText(/3 tools/, { timeout: 20_000 });
  await page.getByTestId('new-chat').click();
  await expect(page.locator('#composer-input')).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('#composer-input').fill(text);
  await page.keyboard.press('Enter');
}

test('send → approval → allow → tool card with result → final answer', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'approved and echoed' } }));
  await openChat(page, shell);
  await send(page, 'Please use the echo tool');
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toContainText('echo');
  await expect(dialog).toContainText('approved and echoed');
  await page.getByTestId('approval-once').click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('tool-call');
  await expect(card.getByTestId('tool-call-status')).toContainText(/Done|done/);
  // One line until opened: the arguments as a preview, the result only in the details.
  await expect(card.getByTestId('tool-call-toggle')).toContainText('text: "approved and echoed"');
  await expect(card.getByTestId('tool-call-details')).toHaveCount(0);
  await card.getByTestId('tool-call-toggle').click();
  await expect(card.getByTestId('tool-call-details')).toContainText(/Result\s*approved and echoed/);
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'The tool said: approved and echoed',
  );
  // The fake received the tool result the server produced.
  expect(JSON.stringify(fake.messageRequests.at(-1)?.body)).toContain('approved and echoed');
});

test('after “Allow for this chat” the next call runs unasked and says so, not “always allow”', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    ...oneToolCall({ name: 'echo__echo', input: { text: 'first' } }),
    ...oneToolCall({ name: 'echo__echo', input: { text: 'second' } }),
  );
  await openChat(page, shell);
  await send(page, 'Echo first');
  await page.getByTestId('approval-chat').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: first');
  await send(page, 'Echo second');
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: second');
  const second = page.getByTestId('tool-call').last();
  await second.getByTestId('tool-call-toggle').click();
  await expect(second.getByTestId('tool-call-details')).toContainText('Allowed for this chat');
  await expect(second.getByTestId('tool-call-details')).not.toContainText('always allow');
});

test('deny with a reason: the model’s answer reflects the denial', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'nope' } }));
  await openChat(page, shell);
  await send(page, 'Echo something');
  await page.locator('#deny-reason').fill('not on a Sunday');
  await page.getByTestId('approval-deny').click();
  await expect(page.getByTestId('tool-call').getByTestId('tool-call-status')).toContainText(
    /Denied|denied/,
  );
  await expect(page.getByTestId('assistant-message').last()).toContainText('not on a Sunday');
});

test('stop during a slow tool: the call is cancelled and the turn stops', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(oneToolCall({ name: 'echo__slow', input: { steps: 200, delayMs: 100 } }));
  await openChat(page, shell);
  await send(page, 'Do the slow thing');
  await page.getByTestId('approval-once').click();
  const status = page.getByTestId('tool-call').getByTestId('tool-call-status');
  await expect(status).toContainText(/Running|running/);
  await page.getByTestId('stop').click();
  await expect(status).toContainText(/Cancelled|cancelled/);
  await expect(page.getByTestId('stop')).toHaveCount(0);
  await expect(page.getByTestId('user-message')).toContainText('Do the slow thing');
});

test('cancel one running tool card: the other call finishes and the reply goes on', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    ...twoParallelToolCalls({
      calls: [
        { name: 'echo__slow', input: { steps: 300, delayMs: 100 } },
        { name: 'echo__echo', input: { text: 'the other call' } },
      ],
    }),
  );
  await openChat(page, shell);
  await send(page, 'Do both things');
  const statuses = page.getByTestId('tool-call-status');
  // Two approvals, one dialog at a time.
  await expect(statuses.filter({ hasText: 'Awaiting your approval' })).toHaveCount(2);
  await page.getByTestId('approval-once').click();
  await expect(statuses.filter({ hasText: 'Awaiting your approval' })).toHaveCount(1);
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);

  const cardOf = (tool: string) =>
    page
      .getByTestId('tool-call')
      .filter({ has: page.locator('.tool-call__tool', { hasText: new RegExp(`^${tool}$`) }) });
  const slow = cardOf('slow');
  await expect(slow.getByTestId('tool-call-status')).toHaveText('Running…');
  await expect(slow.getByRole('progressbar')).toBeVisible();
  await expect(cardOf('echo').getByTestId('tool-call-status')).toHaveText('Done');
  await page.screenshot({ path: test.info().outputPath('cancel-one-call-before.png') });
  await slow.getByRole('button', { name: 'Cancel' }).click();

  await expect(slow.getByTestId('tool-call-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'Both tools answered: The person cancelled this tool call.; the other call',
  );
  await expect(page.getByTestId('stop')).toHaveCount(0);
  await expect(cardOf('echo').getByTestId('tool-call-status')).toHaveText('Done');
  await page.screenshot({ path: test.info().outputPath('cancel-one-call-after.png') });
  expect(fake.messageRequests).toHaveLength(2);
});

test('scrolled up to read, the person sends: the view follows the new turn again', async ({
  page,
  shell,
  fake,
}) => {
  const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a long answer.`);
  fake.script(plainText(long.join('\n\n')));
  await openChat(page, shell);
  await send(page, 'Tell me everything');
  await expect(page.getByText('Paragraph 60 of a long answer.')).toBeInViewport();
  const jump = page.getByRole('button', { name: 'Jump to latest' });
  await expect(jump).toHaveCount(0);

  // Up to the start of the answer: the list stops following, and says where the latest is.
  await page.getByTestId('message-list').hover();
  await page.mouse.wheel(0, -3000);
  await expect(jump).toBeVisible();
  await expect(page.getByText('Paragraph 60 of a long answer.')).not.toBeInViewport();

  // Sending is asking for what comes next: the new turn is followed to its end.
  fake.script(plainText('The newest reply.'));
  await send(page, 'And then?');
  await expect(page.getByText('The newest reply.')).toBeInViewport();
  await expect(jump).toHaveCount(0);
});

test('reload mid-conversation keeps the history', async ({ page, shell, fake }) => {
  fake.script(plainText('| a | b |\n|---|---|\n| 1 | 2 |\n\nA table, and `code`.'));
  await openChat(page, shell);
  await send(page, 'Show me a table');
  await expect(page.getByTestId('assistant-message').locator('table')).toBeVisible();
  await page.reload();
  await page.getByTestId('conversation-list').getByText('Show me a table').click();
  await expect(page.getByTestId('user-message')).toContainText('Show me a table');
  await expect(page.getByTestId('assistant-message').locator('table')).toBeVisible();
});

test('a long result from history is read from the host when its card opens', async ({
  page,
  shell,
  fake,
}) => {
  // Over 1,000 bytes: a history page sends the call without it (`omitted`).
  const long = `${'a long line of tool output '.repeat(60)}the end of the output`;
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: long } }));
  await openChat(page, shell);
  await send(page, 'Echo something long');
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said');
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  await page.reload();
  await page.getByTestId('conversation-list').getByText('Echo something long').click();
  const card = page.getByTestId('tool-call');
  await expect(card.getByTestId('tool-call-status')).toContainText(/Done|done/);
  // The history came without the result's body (the arguments and the reply still quote it)…
  const history = frames.find((frame) => frame.includes('"hasMore"'));
  expect(history).toMatch(/\{"type":"tool_result","tool_use_id":"[^"]+","omitted":true\}/);
  // …which the card reads when it opens.
  await card.getByTestId('tool-call-toggle').click();
  await expect(card.getByTestId('tool-call-details')).toContainText('the end of the output');
  await page.screenshot({ path: 'artifacts/screenshots/history-tool-card-en-light.png' });
});

test('“always allow” survives a reload, is revoked in settings, and a changed tool asks again', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'first' } }));
  await openChat(page, shell);
  await send(page, 'first call');
  await page.getByTestId('approval-always').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: first');

  // After a reload the grant still applies: no dialog.
  await page.reload();
  await page.getByTestId('new-chat').click();
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'second' } }));
  await send(page, 'second call');
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: second');
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);

  // The server changes the tool's description: the grant is suspended, the dialog shows what changed.
  await writeFile(
    join(shell.dataDir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        echo: fixture('echo.mjs', { env: { ECHO_DESCRIPTION: 'Echoes, and now also reports.' } }),
      },
    }),
  );
  // Wait until the restarted server's new definition is what the app sees.
  await page.getByTestId('server-item-echo').click();
  await expect(page.getByTestId('tool-echo')).toContainText('Echoes, and now also reports.', {
    timeout: 20_000,
  });
  await page.getByTestId('new-chat').click();
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'third' } }));
  await send(page, 'third call');
  await expect(page.getByTestId('pin-change')).toContainText('Echoes, and now also reports.');
  await page.getByTestId('approval-always').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: third');

  // Revoked in settings: the next call asks again.
  await page.getByTestId('open-settings').click();
  const grants = page.getByTestId('grants');
  await expect(grants).toContainText('echo');
  await grants
    .getByRole('button', { name: /Revoke/ })
    .first()
    .click();
  await expect(grants.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('new-chat').click();
  fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'fourth' } }));
  await send(page, 'fourth call');
  await expect(page.getByTestId('approval-dialog')).toBeVisible();
  await page.getByTestId('approval-once').click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('The tool said: fourth');
});

test('a failed turn keeps its partial text, says why, and Retry runs it again', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(cutMidStream('Half of an answer that never', 14));
  await openChat(page, shell);
  await send(page, 'hello');
  await expect(page.getByTestId('reply-cut')).toContainText(
    'The connection to the Anthropic API broke',
  );
  await expect(page.getByTestId('assistant-message').last()).toContainText('Half of an');
  fake.script(plainText('Worked on retry.'));
  await page.getByTestId('reply-cut').getByRole('button', { name: /Retry/ }).click();
  await expect(page.getByTestId('assistant-message').last()).toContainText('Worked on retry.');
  await expect(page.getByTestId('assistant-message')).toHaveCount(1);
  await expect(page.getByTestId('reply-cut')).toHaveCount(0);
});
