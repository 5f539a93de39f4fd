import { expect, test } from '../fixtures/base';

/**
 * The suite's own rule: a test whose page logged an uncaught error fails, whatever it asserted
 * (e2e/fixtures/base.ts). These are marked as failing on purpose: were the rule gone, they
 * would pass and so be reported.
 */
test('an uncaught error in the page fails the test', async ({ page }) => {
  test.fail();
  await page.setContent('<p>page</p>');
  const thrown = page.waitForEvent('pageerror');
  await page.evaluate(() => setTimeout(() => document.body.contains(window as never), 0));
  await thrown;
  await expect(page.locator('p')).toHaveText('page');
});

test('an unhandled rejection in the page fails the test', async ({ page }) => {
  test.fail();
  await page.setContent('<p>page</p>');
  const thrown = page.waitForEvent('pageerror');
  await page.evaluate(() => void Promise.reject(new Error('nobody caught this')));
  await thrown;
});

test.describe('with an error expected', () => {
  test.use({ expectedPageErrors: [/expected here/] });

  test('an error a spec expects does not fail it', async ({ page }) => {
    await page.setContent('<p>page</p>');
    const thrown = page.waitForEvent('pageerror');
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('expected here');
      }, 0),
    );
    await thrown;
  });
});
