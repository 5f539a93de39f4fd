import { mkdir } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { cutMidStream, message, overloaded, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { oneToolCall, plainText } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { everything, fixture } from '../fixtures/servers';
import { expectPanesScrollAlone } from '../fixtures/layoutChecks';
import { AppPage } from '../pages/AppPage';

/**
 * The everyday screens in an 800 × 600 window, light and dark, English and Chinese
 * (artifacts/screenshots/everyday-*): the sidebar's rail and the sidebar opened over the pane,
 * a new chat naming a failed server, a conversation with a file, a one-line tool card, branches
 * and a cut reply, the copy and conversation menus, a server's header and Info tab, and a form
 * in the dock with errors. On every one the window itself does not scroll.
 */
const test = chatTest({ everything: everything(), broken: fixture('exit-at-start.mjs') });
const dir = 'artifacts/screenshots';

/** The window is exactly the app: no page scrolling either way, one scrollbar per pane. */
const fits = (page: Page): Promise<void> => expectPanesScrollAlone(page);

for (const language of ['en', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`everyday screens at 800 px (${language} ${theme})`, async ({ page, shell, fake }) => {
      test.slow();
      await mkdir(dir, { recursive: true });
      const shot = (name: string) => `${dir}/everyday-${name}-${language}-${theme}.png`;
      await page.setViewportSize({ width: 800, height: 600 });
      const app = new AppPage(page, shell);
      await page.goto(shell.url);
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.keyboard.press('Escape');
      // Below 900 px the sidebar is its rail; opened, it lies over the pane.
      await expect(page.getByTestId('rail-servers-count')).toHaveText('1', { timeout: 20_000 });
      await fits(page);
      await page.screenshot({ path: shot('rail') });
      await page.getByTestId('sidebar-toggle').click();
      await expect(page.getByTestId('server-item-everything')).toContainText(/\d+/, {
        timeout: 20_000,
      });
      await expect(page.getByTestId('server-item-broken').locator('.status-dot')).toBeVisible();

      // A new chat: the ready servers counted, the failed one named.
      await page.getByTestId('new-chat').click();
      await expect(page.getByTestId('empty-unavailable')).toContainText('broken');
      await fits(page);
      await page.screenshot({ path: shot('new-chat') });

      // A file, a tool call (one line), then an edited question whose new reply is cut off.
      fake
        .script(
          oneToolCall({ name: 'everything__echo', input: { message: 'approved and echoed' } }),
        )
        .scriptTitle(language === 'en' ? 'Notes and echoes' : '笔记与回声');
      await page.getByTestId('file-input').setInputFiles({
        name: 'meeting-notes.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Notes\n\n- ship it\n'),
      });
      await expect(page.getByTestId('send')).toBeEnabled({ timeout: 20_000 });
      await page.locator('#composer-input').fill('Echo my notes back');
      await page.keyboard.press('Enter');
      await page.getByTestId('approval-once').click();
      await expect(page.getByTestId('assistant-message').last()).toContainText(
        'approved and echoed',
      );
      fake.script(plainText('Three steps: plan, build, ship.'));
      // The turn has ended (Stop gave way to Send) before the next message.
      await expect(page.getByTestId('send')).toBeVisible();
      await page.locator('#composer-input').fill('List the steps');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('assistant-message').last()).toContainText('ship.');
      await expect(page.getByTestId('send')).toBeVisible();
      fake.script(overloaded(), cutMidStream('The steps, in more detail: plan the work', 25));
      const second = page.getByTestId('user-message').last();
      await second.hover();
      await second.getByTestId('edit-message').click();
      await page.locator('.chat-message__edit-input').fill('List the steps in detail');
      await page.getByTestId('send-edited').click();
      await expect(page.getByTestId('reply-cut')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('branch-position')).toHaveText('2 / 2');
      await expect(page.getByTestId('continue-reply')).toBeVisible();
      await fits(page);
      await page.screenshot({ path: shot('conversation') });

      // The tool card opened, and the copy menu of a reply.
      const card = page.getByTestId('tool-call').first();
      await card.scrollIntoViewIfNeeded();
      await card.getByTestId('tool-call-toggle').click();
      await expect(card.getByTestId('tool-call-details')).toBeVisible();
      await card.screenshot({ path: shot('tool-card') });
      const reply = page.getByTestId('assistant-message').last();
      await reply.hover();
      await reply.getByTestId('copy-options').click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      await page.screenshot({ path: shot('copy-menu') });
      await page.keyboard.press('Escape');

      // The conversation's menu in the list: every entry shows.
      await page.getByTestId('sidebar-toggle').click();
      await fits(page);
      await page.screenshot({ path: shot('sidebar-open') });
      const item = page.getByTestId('conversation-list').getByRole('listitem').first();
      await item.hover();
      await item.getByRole('button').last().click();
      await expect(page.getByRole('menuitem')).toHaveCount(4);
      await page.screenshot({ path: shot('conversation-menu') });
      await page.keyboard.press('Escape');

      // A server: its MCP version in the header, and Info with its settings first. Choosing
      // it closes the sidebar laid over the pane.
      await page.getByTestId('server-item-everything').click();
      await expect(page.getByTestId('sidebar-toggle')).toHaveAttribute('aria-expanded', 'false');
      await page.getByTestId('tab-info').click();
      await expect(page.getByTestId('server-info')).toBeVisible();
      await fits(page);
      await page.screenshot({ path: shot('server-info') });

      // A form asked in a chat: the dock, with a field in error and the summary by the buttons.
      fake.script(
        message([toolUse('everything__trigger-elicitation-request', {})]),
        plainText('OK.'),
      );
      await page.getByTestId('new-chat').click();
      await page.locator('#composer-input').fill('Ask me things');
      await page.keyboard.press('Enter');
      await page.getByTestId('approval-once').click();
      const form = page.getByTestId('interactions-inline').getByTestId('elicitation-form');
      await form.getByTestId('elicit-name').fill('Ada');
      await form.getByTestId('elicit-integer').fill('500');
      await form.getByTestId('elicit-accept').click();
      await expect(form.getByTestId('elicit-summary')).toBeVisible();
      await fits(page);
      await page.screenshot({ path: shot('dock') });
    });
  }
}
