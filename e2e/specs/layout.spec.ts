import { expect, test } from '../fixtures/test';
import { invoke } from '../fixtures/invoke';

test('screens have addresses: reload stays, Back returns, a new start reopens the last conversation', async ({
  app,
  page,
  shell,
}) => {
  await app.open();
  const { id } = await invoke(page, 'conversation.create', { title: 'Kept place' });
  await invoke(page, 'conversation.create', { title: 'Another one' });
  await page.getByTestId('conversation-list').getByText('Kept place').click();
  await expect(page).toHaveURL(new RegExp(`#/chat/${id}$`));
  await expect(page.locator('.chat__title')).toHaveText('Kept place');

  await app.openSettings();
  await expect(page).toHaveURL(/#\/settings$/);
  await page.goBack();
  await expect(page.locator('.chat__title')).toHaveText('Kept place');
  await expect(app.settings).toHaveCount(0);

  await page.reload();
  await expect(page.locator('.chat__title')).toHaveText('Kept place');

  // A start without an address (the printed URL, a relaunch) opens the last conversation.
  await app.open();
  await expect(page).toHaveURL(new RegExp(`#/chat/${id}$`));
  await expect(page.locator('.chat__title')).toHaveText('Kept place');

  // An address typed in leads to its screen.
  await page.goto(`${shell.url}#/servers-file`);
  await expect(page.getByTestId('config-editor')).toBeVisible();
});

test('the conversation menu shows all its entries, also for the last item of a long list', async ({
  app,
  page,
}) => {
  await app.open();
  for (let i = 1; i <= 24; i++) {
    await invoke(page, 'conversation.create', { title: `Conversation ${i}` });
  }
  const items = page.getByTestId('conversation-list').getByRole('listitem');
  await expect(items).toHaveCount(24);
  // The oldest is last: at the bottom of a list that scrolls.
  const last = items.last();
  await last.scrollIntoViewIfNeeded();
  await last.hover();
  await last
    .getByRole('button', { name: /Conversation 1\b/ })
    .last()
    .click();
  for (const name of ['Rename', 'Delete']) {
    const entry = page.getByRole('menuitem', { name });
    await expect(entry).toBeInViewport({ ratio: 1 });
    // Nothing covers it or cuts it off: the point at its centre is the entry itself.
    const box = await entry.boundingBox();
    if (!box) throw new Error(`${name} has no box`);
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="menuitem"]')?.textContent,
      [box.x + box.width / 2, box.y + box.height / 2] as const,
    );
    expect(hit).toContain(name);
  }
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Conversation 1');
});

test('the sidebar collapses to a rail, stays so after a reload, and still starts a chat', async ({
  app,
  page,
}) => {
  await app.open();
  const sidebar = page.getByTestId('sidebar');
  const wide = (await sidebar.boundingBox())?.width ?? 0;
  await page.getByTestId('sidebar-toggle').click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(80);
  expect(wide).toBeGreaterThan(200);
  await expect(page.getByTestId('conversation-list')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('sidebar').getByRole('button', { name: 'New chat' }).click();
  await expect(page.locator('#composer-input')).toBeVisible();
  await page.keyboard.press('Control+b');
  await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'true');
});
