import { mkdir } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import { message } from '../fixtures/fakeAnthropic/replies.mjs';

const screenshots = 'artifacts/screenshots';

const test = chatTest();

const section = (n: number): string =>
  [
    `## Part ${n}`,
    '',
    `1. First step of part ${n}`,
    '   - a nested point with `code`',
    '',
    '     continued after a blank line',
    '2. Second step',
    '',
    '```ts',
    `const part = ${n};`,
    '',
    '// a blank line above, and ``` in a comment',
    '```',
    '',
    '| Item | Value |',
    '| --- | ---: |',
    `| part | ${n} |`,
    '',
    '$$',
    `\\sum_{k=1}^{${n}} k = \\frac{${n}(${n}+1)}{2}`,
    '$$',
    '',
    `> A quote in part ${n}, with a [link](https://example.com/${n}).`,
  ].join('\n');

/** About 8 KB of Markdown, ending with a marker paragraph. */
const longReply = `${Array.from({ length: 16 }, (_, i) => section(i + 1)).join('\n\n')}\n\nThe end.`;

for (const theme of ['light', 'dark'] as const) {
  test(`a long Markdown reply streams in block by block (${theme})`, async ({
    page,
    shell,
    fake,
  }) => {
    await mkdir(screenshots, { recursive: true });
    await page.goto(shell.url);
    await page.getByTestId('open-settings').click();
    await page.getByTestId(`theme-${theme}`).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('new-chat').click();
    fake.script(message(longReply, { chunkChars: 6, eventDelayMs: 6 }));
    await page.locator('#composer-input').fill('Write a long answer');
    await page.keyboard.press('Enter');
    const reply = page.getByTestId('assistant-message').last();
    await expect(reply).toContainText('Part 8', { timeout: 30_000 });
    await page.screenshot({ path: `${screenshots}/chat-streaming-long-${theme}.png` });
    await expect(reply).toContainText('The end.', { timeout: 60_000 });
    await expect(reply).toHaveAttribute('aria-busy', 'false');
    await expect(reply.locator('table')).toHaveCount(16);
    await expect(reply.locator('.math--display .katex')).toHaveCount(16);
    await expect(reply.locator('.code-frame')).toHaveCount(16);
    await expect(reply.locator('h2')).toHaveCount(16);
    await expect(reply.locator('ol > li')).toHaveCount(32);
    await page.screenshot({ path: `${screenshots}/chat-streamed-long-${theme}.png` });
  });
}
