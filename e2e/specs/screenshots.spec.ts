import { mkdir } from 'node:fs/promises';
import { chatTest } from '../fixtures/chatTest';
import { message, text, toolSearch, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { catalogueServers } from '../fixtures/servers';
import { expect, test } from '../fixtures/test';
import { AppPage } from '../pages/AppPage';

/** Screenshots of every screen, light and dark, English and Chinese: artifacts/screenshots. */
const dir = 'artifacts/screenshots';

for (const language of ['en', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots ${language} ${theme}`, async ({ app, page }) => {
      await mkdir(dir, { recursive: true });
      await app.open();
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.screenshot({ path: `${dir}/settings-${language}-${theme}.png` });
      // The Add provider dialog, then two providers added from presets, one open.
      await page.getByTestId('provider-add').click();
      await expect(page.getByTestId('add-provider-dialog')).toBeVisible();
      await page.screenshot({ path: `${dir}/add-provider-${language}-${theme}.png` });
      await page.keyboard.press('Escape');
      for (const preset of ['deepseek', 'ollama']) {
        await app.addProvider(preset);
        await expect(page.getByTestId(`provider-${preset}`)).toBeVisible();
      }
      await app.openProvider('deepseek');
      // Tall enough for the whole card: settings scroll inside the window.
      await page.setViewportSize({ width: 1200, height: 1400 });
      await page
        .getByTestId('providers')
        .screenshot({ path: `${dir}/providers-${language}-${theme}.png` });
      await page
        .getByTestId('model-form')
        .screenshot({ path: `${dir}/default-model-${language}-${theme}.png` });
      await page.setViewportSize({ width: 1200, height: 760 });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('home')).toBeVisible();
      await page.screenshot({ path: `${dir}/main-${language}-${theme}.png` });
      // The composer's model picker, grouped by provider. Its popup is drawn by the system,
      // outside the page, so the same element is shown as an open list box instead.
      await page.getByTestId('new-chat').click();
      const picker = page.getByTestId('model-picker');
      await expect(picker.locator('optgroup')).toHaveCount(3);
      await picker.evaluate((select) => select.setAttribute('size', '9'));
      await page.screenshot({ path: `${dir}/model-picker-${language}-${theme}.png` });
    });
  }
}

/** 30 catalogue servers × 100 tools: tool search on, costs on the Servers list. */
const catalogueTest = chatTest(catalogueServers());

// One shell for the four looks: thirty servers start once, not four times.
catalogueTest(
  'screenshots of tool search, en and zh-CN, light and dark',
  async ({ page, shell, fake }) => {
    await mkdir(dir, { recursive: true });
    const app = new AppPage(page, shell);
    await app.open();
    await expect(page.getByTestId('server-list').getByText(/100/)).toHaveCount(30, {
      timeout: 30_000,
    });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const name = (screen: string): string => `${dir}/${screen}-${language}-${theme}.png`;
        await page.setViewportSize({ width: 1200, height: 760 });
        await app.openSettings();
        await app.chooseTheme(theme);
        await app.chooseLanguage(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.getByTestId('tool-search-settings').scrollIntoViewIfNeeded();
        await page
          .getByTestId('tool-search-settings')
          .screenshot({ path: name('tool-search-settings') });
        await page.keyboard.press('Escape');
        await expect(app.settings).toHaveCount(0);

        // Servers: each one's definition cost, the total and how requests carry them.
        await page.getByTestId('server-item-github').click();
        await expect(page.getByTestId('tool-always-load-search_code')).toBeChecked();
        await expect(page.getByTestId('server-tools-cost')).toContainText(/100/);
        // The total sits under the list of thirty.
        await page.getByTestId('catalog-costs').scrollIntoViewIfNeeded();
        await page.screenshot({ path: name('server-tool-costs') });

        // A chat: the tool search bar, a search and its find, the usage line with the tools.
        fake.script(
          message([
            text('Let me look for a forecast tool.'),
            toolSearch('weather daily forecast'),
            toolUse('weather__get_daily_forecast', { location: 'Oslo', days: 2 }),
          ]),
          message('Light rain in Oslo tomorrow, 9 °C, clearing in the evening.'),
        );
        await page.getByTestId('new-chat').click();
        await page.locator('#composer-input').fill('Will it rain in Oslo tomorrow?');
        await page.keyboard.press('Enter');
        await page.getByTestId('approval-once').click();
        await expect(page.getByTestId('usage-tools')).toHaveCount(2);
        await page.screenshot({ path: name('chat-tool-search') });
        // Forced off: every definition, more than the model's context.
        await page.getByTestId('tool-search-choice').selectOption('off');
        await expect(page.getByTestId('context-warning')).toBeVisible();
        await page.screenshot({ path: name('chat-context-warning') });
        await page.getByTestId('tool-search-choice').selectOption('default');
      }
    }
  },
);
