import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { FakeAnthropic } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { invoke } from '../fixtures/invoke';
import { appDocument } from '../fixtures/officialApps';
import type { RunningShell } from '../fixtures/startWebShell';
import type {
  ActionDecision,
  ConformanceHost,
  ConversationMessage,
  HostContextChange,
  TestApp,
} from './ConformanceHost';

/** A recorded Messages API request, as far as the driver reads it. */
interface RecordedRequest {
  body: { messages?: { role: string; content: unknown }[] };
}

/**
 * Switchboard as a conformance host: the web shell in a Playwright page, its agent the scripted
 * model of the e2e suite (a test App is shown by the model calling the tool, as a person would
 * see it). Every method acts through the screen a person uses, never behind the renderer's back;
 * only the host context goes through the settings request the settings screen sends.
 */
export class SwitchboardHost implements ConformanceHost {
  readonly #page: Page;
  readonly #shell: RunningShell;
  readonly #model: FakeAnthropic;
  #calls = 0;

  constructor(page: Page, shell: RunningShell, model: FakeAnthropic) {
    this.#page = page;
    this.#shell = shell;
    this.#model = model;
  }

  async resetEnvironment(): Promise<void> {
    this.#model.reset();
    await this.#page.goto(this.#shell.url);
    await this.#page.getByTestId('new-chat').click();
    await expect(this.#page.getByTestId('user-message')).toHaveCount(0);
  }

  async displayTestApp(app: TestApp): Promise<FrameLocator> {
    await expect(this.#page.getByTestId(`server-item-${app.server}`)).toContainText(/tool/, {
      timeout: 30_000,
    });
    this.#model.script(
      message([toolUse(`${app.server}__${app.tool}`, app.arguments ?? {})]),
      message([text('Shown.')]),
    );
    const cards = await this.#page.getByTestId('app-card').count();
    await this.#send(`Show the test App (${app.tool})`);
    // The host may ask before the agent's call runs: showing the App is the runner's request.
    // The turn ends first (the App's card is laid out again when it does), then the App is ready.
    await this.#allowUntil(this.#page.getByTestId('assistant-message').getByText('Shown.'));
    const frame = this.#page.getByTestId('app-frame').nth(cards);
    await expect(frame).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    return appDocument(this.#page, cards);
  }

  async getConversation(): Promise<ConversationMessage[]> {
    const messages = this.#page.locator(
      '[data-testid="user-message"], [data-testid="assistant-message"]',
    );
    // The words only: a person's text, a reply's prose (its tool calls and figures apart); a
    // reply that only called tools has none and is left out.
    const all = await messages.evaluateAll((nodes) =>
      nodes.map((node) => {
        const user = node.getAttribute('data-testid') === 'user-message';
        const parts = node.querySelectorAll<HTMLElement>(
          user ? '.chat-message__text' : '.markdown',
        );
        return {
          role: user ? ('user' as const) : ('assistant' as const),
          text: [...parts].map((part) => part.innerText.trim()).join('\n\n'),
        };
      }),
    );
    return all.filter((entry) => entry.text !== '');
  }

  async getConversationContext(): Promise<string[]> {
    // Each pending context is a chip; its title holds what the model will read.
    return this.#page
      .getByTestId('app-context')
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? ''));
  }

  async changeHostContext(change: HostContextChange): Promise<void> {
    await invoke(this.#page, 'settings.update', {
      ...(change.theme ? { theme: change.theme } : {}),
      ...(change.locale ? { language: change.locale } : {}),
    });
    const root = this.#page.locator('html');
    if (change.theme) await expect(root).toHaveAttribute('data-theme', change.theme);
    if (change.locale) await expect(root).toHaveAttribute('lang', change.locale);
  }

  async confirmAction(decision: ActionDecision): Promise<void> {
    const dialog = this.#page.getByTestId('approval-dialog');
    const prompt = this.#page.locator(
      '[data-testid="app-message-prompt"], [data-testid="app-download-prompt"]',
    );
    await expect(dialog.or(prompt).first()).toBeVisible();
    if (await dialog.isVisible()) {
      await dialog.getByTestId(decision === 'approve' ? 'approval-once' : 'approval-deny').click();
      await expect(dialog).toHaveCount(0);
      return;
    }
    const asking = prompt.first();
    // The prompt's first button accepts, its last refuses (AppPromptView).
    await asking
      .getByRole('button')
      .nth(decision === 'approve' ? 0 : -1)
      .click();
    await expect(asking).toHaveCount(0);
  }

  async sendMessage(words: string): Promise<void> {
    const before = await this.#page.getByTestId('assistant-message').count();
    this.#model.script(message([text('Noted.')]));
    await this.#send(words);
    await expect(this.#page.getByTestId('assistant-message')).toHaveCount(before + 1);
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<string> {
    const id = `toolu_conformance_${++this.#calls}`;
    this.#model.script(message([toolUse(name, args, id)]), message([text('Called.')]));
    const asked = this.#model.messageRequests.length;
    await this.#send(`Call ${name}`);
    // The call is the runner's request: a confirmation it raises is allowed here.
    await this.#allowUntil(this.#page.getByTestId('assistant-message').getByText('Called.'));
    const requests = this.#model.messageRequests.slice(asked) as RecordedRequest[];
    const result = requests
      .map((request) => toolResultText(request, id))
      .find((found): found is string => found !== null);
    if (result === undefined) {
      throw new Error(`the model never read a result for ${name}`);
    }
    return result;
  }

  async #send(words: string): Promise<void> {
    await this.#page.locator('#composer-input').fill(words);
    await this.#page.keyboard.press('Enter');
  }

  /** Waits for `done`, allowing once each confirmation the host asks for meanwhile. */
  async #allowUntil(done: Locator): Promise<void> {
    const dialog = this.#page.getByTestId('approval-dialog');
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByTestId('approval-once').click();
      await expect(done).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
  }
}

/** The text of the tool result for `id` in one request the model received (null: none). */
function toolResultText(request: RecordedRequest, id: string): string | null {
  for (const turn of request.body.messages ?? []) {
    if (!Array.isArray(turn.content)) continue;
    for (const block of turn.content as Record<string, unknown>[]) {
      if (block.type !== 'tool_result' || block.tool_use_id !== id) continue;
      const content = block.content;
      if (typeof content === 'string') return content;
      if (Array.isArray(content)) {
        return (content as { type?: string; text?: string }[])
          .map((part) => (part.type === 'text' ? (part.text ?? '') : ''))
          .join('');
      }
      return '';
    }
  }
  return null;
}
