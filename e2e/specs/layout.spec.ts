import { expect, test as base } from '../fixtures/base';
import { invoke, invokeEach } from '../fixtures/invoke';
import { expectPanesScrollAlone } from '../fixtures/layoutChecks';
import { everything, fixture } from '../fixtures/servers';
import { startWebShell, type RunningShell } from '../fixtures/startWebShell';
import { test } from '../fixtures/test';

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
  await page.keyboard.press('Escape');

  // The window resized under an open menu closes it (a resize's target is no node: no error).
  await last.hover();
  await last
    .getByRole('button', { name: /Conversation 1\b/ })
    .last()
    .click();
  await expect(page.getByRole('menuitem')).toHaveCount(4);
  await page.setViewportSize({ width: 1100, height: 700 });
  await expect(page.getByRole('menuitem')).toHaveCount(0);
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

/** Thirty servers, all ready, each with its screen-reader "Ready" in the sidebar. */
const manyServers = Object.fromEntries(
  Array.from({ length: 30 }, (_, i) => [
    `server-${String(i + 1).padStart(2, '0')}`,
    fixture('echo.mjs'),
  ]),
);
const crowded = base.extend<{ shell: RunningShell }>({
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const shell = await startWebShell({ servers: manyServers });
    await use(shell);
    await shell.stop();
  },
});

crowded(
  'the window never scrolls: 30 servers and 200 conversations at 800 × 600, each pane scrolls alone',
  async ({ page, shell }) => {
    test.slow();
    await page.setViewportSize({ width: 800, height: 600 });
    await page.goto(shell.url);
    await invokeEach(
      page,
      'conversation.create',
      Array.from({ length: 200 }, (_, i) => ({
        title: `Conversation number ${i + 1} about plans`,
      })),
    );
    await page.reload();
    // Below 900 px the sidebar is its rail; its servers icon sums them up.
    const rail = page.getByTestId('rail-servers');
    await expect(rail).toHaveAttribute('title', /30 ready/, { timeout: 30_000 });
    await expectPanesScrollAlone(page);

    // Opened, it lies over the pane: many conversations, whole titles, Add a server in view.
    await page.getByTestId('sidebar-toggle').click();
    const list = page.getByTestId('conversation-list');
    await expect(page.getByTestId('servers-summary')).toHaveText('30 ready');
    await expectPanesScrollAlone(page);
    const titles = list.locator('.conversation-item__title');
    const shown = await titles.evaluateAll(
      (all) =>
        all.filter((title) => {
          const box = title.getBoundingClientRect();
          const view = title.closest('ul')?.getBoundingClientRect();
          return view !== undefined && box.top >= view.top && box.bottom <= view.bottom;
        }).length,
    );
    expect(shown).toBeGreaterThanOrEqual(6);
    // "Conversation number 200" reads in full before any ellipsis.
    const room = await titles.first().evaluate((title) => title.clientWidth);
    expect(room).toBeGreaterThanOrEqual(200);
    await expect(page.getByTestId('add-server')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('open-config')).toBeInViewport({ ratio: 1 });
    // The lists scroll inside; the window stays.
    await list.hover();
    await page.mouse.wheel(0, 3000);
    await page.getByTestId('server-list').hover();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => list.evaluate((ul) => ul.scrollTop)).toBeGreaterThan(0);
    await expectPanesScrollAlone(page);

    // A conversation chosen: the sidebar makes way; a wheel over the chat's header moves nothing.
    await list.getByRole('listitem').nth(2).getByRole('button').first().click();
    await expect(page.getByTestId('conversation-list')).toHaveCount(0);
    await page.locator('.chat__header').hover();
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? -1)).toBe(0);
    await expectPanesScrollAlone(page);
    await page.screenshot({ path: 'artifacts/screenshots/layout-800x600-chat.png' });
    // Esc closes the sidebar laid over the pane, as a click beside it does.
    await page.getByTestId('sidebar-toggle').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('conversation-list')).toHaveCount(0);
    await page.getByTestId('sidebar-toggle').click();
    await page.mouse.click(780, 300);
    await expect(page.getByTestId('conversation-list')).toHaveCount(0);

    // Wide again, with the servers folded: only their summary stays, conversations take the room.
    await page.setViewportSize({ width: 1200, height: 600 });
    await expect(list).toBeVisible();
    await page.getByTestId('servers-toggle').click();
    await expect(page.getByTestId('server-list')).toHaveCount(0);
    await expectPanesScrollAlone(page);
  },
);

const withEverything = base.extend<{ shell: RunningShell }>({
  // eslint-disable-next-line no-empty-pattern
  shell: async ({}, use) => {
    const shell = await startWebShell({ servers: { everything: everything() } });
    await use(shell);
    await shell.stop();
  },
});

withEverything(
  'tab strips show no up-and-down scrollbar and each tab has one scroll box, at 800 × 600 and wide',
  async ({ page, shell }) => {
    await page.goto(`${shell.url}#/server/everything`);
    const tabs = page.getByRole('tablist');
    await expect(page.getByTestId('tab-tools')).toContainText(/\d+/, { timeout: 30_000 });
    const names = await tabs
      .getByRole('tab')
      .evaluateAll((all) => all.map((tab) => tab.getAttribute('data-testid') ?? ''));
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const size of [
      { width: 800, height: 600 },
      { width: 1200, height: 760 },
    ]) {
      await page.setViewportSize(size);
      for (const name of names) {
        await page.getByTestId(name).click();
        await expect(page.getByTestId(name)).toHaveAttribute('aria-selected', 'true');
        await expectPanesScrollAlone(page);
      }
    }
    // Add a server's strip (links styled as tabs) too.
    await page.goto(`${shell.url}#/registry`);
    await expect(page.locator('nav.tabs')).toBeVisible();
    await expectPanesScrollAlone(page);
  },
);
