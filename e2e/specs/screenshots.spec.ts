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
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('home')).toBeVisible();
      await page.screenshot({ path: `${dir}/main-${language}-${theme}.png` });
    });
  }
}
