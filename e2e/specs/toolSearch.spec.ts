import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import type { RecordedRequest } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { searchThenCall } from '../fixtures/fakeAnthropic/scenarios.mjs';
import { catalogueServers } from '../fixtures/servers';

/** 30 servers × 100 tools: far above the threshold, so requests carry a search tool. */
const test = chatTest(catalogueServers());
const FORECAST = 'weather__get_daily_forecast';
/** "At most a few dozen definitions" the model sees in full. */
const FEW_DOZEN = 40;

interface SentTool {
  name: string;
  defer_loading?: boolean;
}
const toolsOf = (request: RecordedRequest | undefined): SentTool[] =>
  (request?.body as { tools?: SentTool[] } | undefined)?.tools ?? [];

async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  const list = page.getByTestId('server-list');
  await expect(list.getByText(/100 tools/)).toHaveCount(30, { timeout: 30_000 });
  await page.getByTestId('new-chat').click();
  await expect(page.locator('#composer-input')).toBeVisible();
}

test('3,000 tools: the model searches, gets the definition, calls a deferred tool; it is approved and runs', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(
    ...searchThenCall({
      query: 'weather daily forecast',
      name: FORECAST,
      input: { location: 'Oslo', days: 2 },
    }),
  );
  await openChat(page, shell.url);
  // The Servers list says what the definitions cost and how requests carry them.
  await expect(page.getByTestId('server-cost-weather')).toContainText(/100 tools · ~[\d.,]+K/);
  await expect(page.getByTestId('catalog-plan')).toHaveAttribute('data-loading', 'api-search');
  await expect(page.getByTestId('tool-search-bar')).toHaveAttribute('data-loading', 'api-search');

  await page.locator('#composer-input').fill('Will it rain in Oslo tomorrow?');
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('approval-dialog');
  await expect(dialog).toContainText('get_daily_forecast');
  await expect(dialog).toContainText('Oslo');
  await page.getByTestId('approval-once').click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('tool-search-block')).toContainText('weather daily forecast');
  const card = page.getByTestId('tool-call');
  await expect(card.getByTestId('tool-call-status')).toContainText(/Done/);
  await expect(page.getByTestId('assistant-message').last()).toContainText(
    'The tool said: Weather get_daily_forecast done with {"location":"Oslo","days":2}',
  );
  await expect(page.getByTestId('usage-tools').first()).toContainText(/sent, 2,99\d by search/);

  // The fake saw the search tool and the always-loaded tools in full, the rest deferred.
  expect(fake.messageRequests).toHaveLength(2);
  for (const request of fake.messageRequests) {
    const tools = toolsOf(request);
    expect(tools.length).toBeGreaterThanOrEqual(3_000);
    expect(tools.filter((tool) => !tool.defer_loading).length).toBeLessThanOrEqual(FEW_DOZEN);
    expect(tools.find((tool) => tool.name === FORECAST)?.defer_loading).toBe(true);
  }

  // Forced off for this conversation: every definition would go, more than the context holds.
  await page.getByTestId('tool-search-choice').selectOption('off');
  await expect(page.getByTestId('tool-search-bar')).toHaveAttribute('data-loading', 'all');
  await expect(page.getByTestId('context-warning')).toContainText(/would not fit/);
  await page.getByTestId('tool-search-choice').selectOption('default');
  await expect(page.getByTestId('context-warning')).toHaveCount(0);
});
