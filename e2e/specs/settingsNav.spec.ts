import { mkdir } from 'node:fs/promises';
import { expectPanesScrollAlone } from '../fixtures/layoutChecks';
import { expect, test } from '../fixtures/test';

const dir = 'artifacts/screenshots';

test('Settings: the section list takes the keyboard to a section; the registry address lives there', async ({
  app,
  page,
  shell,
}) => {
  await app.open();
  await app.openSettings();
  const nav = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(nav.getByRole('link')).toHaveCount(11);
  // From the keyboard: focus the list's Appearance link, Enter; the section is at the top.
  const appearance = nav.getByRole('link', { name: 'Appearance' });
  await appearance.focus();
  await page.keyboard.press('Enter');
  const heading = page.locator('#settings-appearance');
  await expect(heading).toBeFocused();
  // It is at the top of the pane, or the pane went as far down as it goes (the last sections).
  const pane = page.locator('main');
  await expect
    .poll(() =>
      pane.evaluate((main) => {
        const section = document.getElementById('settings-appearance')?.closest('section');
        if (!section) return false;
        const offset = section.getBoundingClientRect().top - main.getBoundingClientRect().top;
        const atEnd = main.scrollTop + main.clientHeight >= main.scrollHeight - 1;
        return main.scrollTop > 0 && (offset <= 40 || atEnd) && offset < main.clientHeight;
      }),
    )
    .toBe(true);
  await expect(appearance).toHaveAttribute('aria-current', 'location');
  // The next Tab goes on inside that section.
  await page.keyboard.press('Tab');
  const inside = await page.evaluate(
    () => document.activeElement?.closest('section')?.getAttribute('aria-labelledby') ?? null,
  );
  expect(inside).toBe('settings-appearance');
  await expectPanesScrollAlone(page);

  // The Registry screen says where it searches and leads to the setting.
  await page.goto(`${shell.url}#/registry`);
  await expect(page.getByTestId('registry-url')).toContainText('From ');
  await page.getByTestId('registry-url-settings').click();
  await expect(page).toHaveURL(/#\/settings\/registry$/);
  const registry = page.getByRole('region', { name: 'MCP Registry' });
  await expect(registry).toBeInViewport();
  await registry.getByLabel(/Registry address/).fill('https://registry.example.test');
  await registry.getByRole('button', { name: 'Save' }).click();
  await expect(registry.getByRole('status')).toHaveText('Saved.');
  await page.goto(`${shell.url}#/registry`);
  await expect(page.getByTestId('registry-url')).toContainText('https://registry.example.test');
});

for (const language of ['en', 'zh-CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`Settings and Add provider at 800 × 600 and wide (${language} ${theme})`, async ({
      app,
      page,
    }) => {
      await mkdir(dir, { recursive: true });
      const shot = (name: string) => `${dir}/settings-${name}-${language}-${theme}.png`;
      await app.open();
      await app.openSettings();
      await app.chooseTheme(theme);
      await app.chooseLanguage(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.setViewportSize({ width: 1200, height: 760 });
      await page.locator('.main').evaluate((m) => m.scrollTo(0, 0));
      await page.screenshot({ path: shot('wide') });
      await page.setViewportSize({ width: 800, height: 600 });
      await expectPanesScrollAlone(page);
      await page.screenshot({ path: shot('800') });
      await page.getByTestId('provider-add').click();
      const dialog = page.getByTestId('add-provider-dialog');
      await expect(dialog).toBeVisible();
      await dialog.locator('#add-provider-key').fill('sk-not-a-real-key');
      await dialog.locator('#add-provider-url').fill('http://127.0.0.1:9/v1');
      await dialog.getByTestId('provider-draft-test').click();
      await expect(dialog.getByTestId('provider-draft-result')).not.toBeEmpty();
      await expectPanesScrollAlone(page);
      await page.screenshot({ path: shot('add-provider-800') });
      // Esc closes the dialog alone: Settings stays, and nothing was added.
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(app.settings).toBeVisible();
      await expect(page.getByTestId('provider-deepseek')).toHaveCount(0);
    });
  }
}
