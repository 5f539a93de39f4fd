import { mkdir } from 'node:fs/promises';
import { expect, test } from '../fixtures/test';

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
      // Model providers: two added from presets, one open.
      for (const preset of ['deepseek', 'ollama']) {
        await page.getByTestId('provider-preset').selectOption(preset);
        await page.getByTestId('provider-add').click();
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
