import { expect } from '@playwright/test';
import { SwitchboardHost } from '../conformance/SwitchboardHost';
import { chatTest } from '../fixtures/chatTest';
import { message, text } from '../fixtures/fakeAnthropic/replies.mjs';
import { fixture } from '../fixtures/servers';

/**
 * The host conformance interface (e2e/conformance) driven through every method against our
 * test App (fixtures/servers/conformance-app.mjs), each method's effect checked on the App, the
 * screen or what the model received: the runner of the ext-apps conformance suite will call the
 * same methods.
 */
const test = chatTest({ conformance: fixture('conformance-app.mjs') });
const APP = { server: 'conformance', tool: 'show-test-app', arguments: { label: 'first' } };

test('SwitchboardHost: every method of the conformance interface has its effect', async ({
  page,
  shell,
  fake,
}) => {
  const host = new SwitchboardHost(page, shell, fake);

  // resetEnvironment: a fresh conversation.
  await host.resetEnvironment();
  expect(await host.getConversation()).toEqual([]);

  // displayTestApp: the agent's call runs, the App gets its input and result.
  const app = await host.displayTestApp(APP);
  await expect(app.locator('#input')).toHaveText('{"label":"first"}');
  await expect(app.locator('#result')).toHaveText('shown: first');
  await expect(app.locator('#theme')).toHaveText('light');
  await expect(app.locator('#locale')).toHaveText('en');

  // getConversation: what the person sees, in order.
  expect(await host.getConversation()).toEqual([
    { role: 'user', text: 'Show the test App (show-test-app)' },
    { role: 'assistant', text: 'Shown.' },
  ]);

  // changeHostContext: the App hears the new theme and locale.
  await host.changeHostContext({ theme: 'dark', locale: 'zh-CN' });
  await expect(app.locator('#theme')).toHaveText('dark');
  await expect(app.locator('#locale')).toHaveText('zh-CN');
  await host.changeHostContext({ theme: 'light', locale: 'en' });
  await expect(app.locator('#locale')).toHaveText('en');

  // confirmAction: the App's own tool call waits for the person; denied, then approved.
  await app.locator('#call').click();
  await host.confirmAction('deny');
  await expect(app.locator('#called')).toHaveText(/^refused/);
  await app.locator('#call').click();
  await host.confirmAction('approve');
  await expect(app.locator('#called')).toHaveText('pong: from the App');

  // getConversationContext: what the App added waits for the model's next turn.
  expect(await host.getConversationContext()).toEqual([]);
  await app.locator('#remember').click();
  await expect(app.locator('#context')).toHaveText('updated');
  await expect
    .poll(() => host.getConversationContext())
    .toEqual([expect.stringContaining('The test App was looked at.')]);

  // confirmAction on the App's message: approved, it joins the conversation.
  fake.script(message([text('Read it.')]));
  await app.locator('#message').click();
  await host.confirmAction('approve');
  await expect(app.locator('#sent')).toHaveText('sent');
  await expect
    .poll(async () => (await host.getConversation()).map((m) => m.text))
    .toContain('Hello from the test App');

  // sendMessage: the person's words reach the model.
  await host.sendMessage('What did the App say?');
  const conversation = await host.getConversation();
  expect(conversation.at(-2)).toEqual({ role: 'user', text: 'What did the App say?' });
  expect(JSON.stringify(fake.messageRequests.at(-1))).toContain('What did the App say?');

  // callTool: the agent calls a tool; the result it read is returned.
  expect(await host.callTool('conformance__ping', { text: 'from the runner' })).toBe(
    'pong: from the runner',
  );

  // resetEnvironment again: nothing of the above is left on screen.
  await host.resetEnvironment();
  expect(await host.getConversation()).toEqual([]);
  await expect(page.getByTestId('app-card')).toHaveCount(0);
  expect(await host.getConversationContext()).toEqual([]);
});
