import { expect, type Locator, type Page } from '@playwright/test';
import type { RunningShell } from '../fixtures/startWebShell';

/** Page object for the app shell and the settings screen. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly shell: RunningShell,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(this.shell.url);
    // A start without an address opens home, or the conversation open last.
    await expect(
      this.page
        .getByTestId('home')
        .or(this.page.getByTestId('settings'))
        .or(this.page.getByTestId('chat')),
    ).toBeVisible();
  }

  async openSettings(): Promise<void> {
    await this.page.getByTestId('open-settings').click();
    await expect(this.settings).toBeVisible();
  }

  get settings(): Locator {
    return this.page.getByTestId('settings');
  }

  /** Opens a model provider's details in Settings. */
  async openProvider(id: string): Promise<void> {
    const head = this.page.getByTestId(`provider-${id}`).locator('.provider__head');
    await head.click();
    await expect(head).toHaveAttribute('aria-expanded', 'true');
  }

  /**
   * Adds a model provider through Settings' Add provider dialog (Settings open), with the
   * preset's own name and URL unless given; the dialog closes on success.
   */
  async addProvider(
    preset: string,
    fields: { baseURL?: string; apiKey?: string } = {},
  ): Promise<void> {
    await this.page.getByTestId('provider-add').click();
    const dialog = this.page.getByTestId('add-provider-dialog');
    await dialog.getByTestId('provider-preset').selectOption(preset);
    if (fields.baseURL) await dialog.locator('#add-provider-url').fill(fields.baseURL);
    if (fields.apiKey) await dialog.locator('#add-provider-key').fill(fields.apiKey);
    await dialog.getByTestId('provider-save').click();
    await expect(dialog).toHaveCount(0);
  }

  async chooseLanguage(value: 'en' | 'zh-CN'): Promise<void> {
    await this.page.getByTestId('language').selectOption(value);
  }

  async chooseTheme(value: 'system' | 'light' | 'dark'): Promise<void> {
    // Controlled by main's answer, so the radio changes after a round trip, not on click.
    const radio = this.page.getByTestId(`theme-${value}`);
    await radio.click();
    await expect(radio).toBeChecked();
  }

  async theme(): Promise<string | undefined> {
    return this.page.evaluate(() => document.documentElement.dataset.theme);
  }
}
