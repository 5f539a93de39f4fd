import { expect, type Locator, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { lastToolResults, message, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { everything } from '../fixtures/servers';

/** A conversation's server requests get room: the dock, at 800 px tall. */
const test = chatTest({ everything: everything() });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}

/** What is drawn at the centre of `locator` belongs to it (nothing covers it). */
async function onTop(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(([element, px, py]) => element.contains(document.elementFromPoint(px, py)), [
    handle,
    x + width / 2,
    y + height / 2,
  ] as const);
}

test('a form asked in a chat gets a dock aligned with the column, resizable; errors show and are summed up', async ({
  page,
  shell,
  fake,
}) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  fake.script(message([toolUse('everything__trigger-elicitation-request', {})]), (request) =>
    message(
      `The tool said: ${lastToolResults(request)
        .map((r) => r.text)
        .join('; ')}`,
    ),
  );
  await page.goto(shell.url);
  await expect(page.getByTestId('server-item-everything')).toContainText(/\d+ tools/, {
    timeout: 20_000,
  });
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('Ask me things');
  await page.keyboard.press('Enter');
  await page.getByTestId('approval-once').click();

  const dock = page.getByTestId('interactions-inline');
  const form = dock.getByTestId('elicitation-form');
  await expect(form).toBeVisible();
  // As wide as the chat column (the composer under it), and most of the chat's height.
  const panel = await box(dock.getByTestId('interaction-elicitation-form'));
  const composer = await box(page.getByTestId('composer'));
  expect(Math.abs(panel.x - composer.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(panel.width - composer.width)).toBeLessThanOrEqual(1);
  const chat = await box(page.getByTestId('chat'));
  const start = (await box(dock)).height;
  expect(start).toBeGreaterThan(chat.height * 0.4);

  // Dragged up, it grows; the arrow keys move it too; maximized, the messages keep a sliver.
  const handle = await box(page.getByTestId('dock-handle'));
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 80, {
    steps: 4,
  });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await box(dock)).height)).toBe(Math.round(start + 80));
  await page.getByTestId('dock-handle').focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => Math.round((await box(dock)).height)).toBe(Math.round(start + 40));
  await page.getByTestId('dock-maximize').click();
  await expect
    .poll(async () => (await box(page.locator('.chat__list-frame'))).height)
    .toBeLessThan(120);
  await page.getByTestId('dock-maximize').click();
  await expect.poll(async () => Math.round((await box(dock)).height)).toBe(Math.round(start));

  // A wrong field that sits under the sticky buttons when Send is pressed: it comes into view
  // above them (focus alone would leave it there, hidden), and the count shows beside them.
  await form.getByTestId('elicit-name').fill('Ada');
  await form.getByTestId('elicit-integer').fill('500');
  await form.evaluate((element) => {
    const scroller = element.closest('.interactions-dock__scroll');
    const field = element.querySelector('[data-testid="elicit-integer"]');
    const bar = element.querySelector('.interaction__buttons');
    if (!scroller || !field || !bar) throw new Error('form parts missing');
    scroller.scrollTop += field.getBoundingClientRect().top - bar.getBoundingClientRect().top + 4;
  });
  expect(await onTop(page, form.getByTestId('elicit-integer'))).toBe(false);
  await form.getByTestId('elicit-accept').click();
  const error = form.getByTestId('elicit-error-integer');
  await expect(error).toHaveText('At most 100.');
  await expect(form.getByTestId('elicit-integer')).toBeFocused();
  await expect.poll(() => onTop(page, error)).toBe(true);
  expect(await onTop(page, form.getByTestId('elicit-integer'))).toBe(true);
  await expect(form.getByTestId('elicit-summary')).toHaveText('1 field needs your attention. Show');
});
