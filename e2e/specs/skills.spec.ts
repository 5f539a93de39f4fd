import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { chatTest } from '../fixtures/chatTest';
import type { RecordedRequest } from '../fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { lastToolResults, message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { fixture } from '../fixtures/servers';

/** A fake Messages API and a web shell with the skills fixture (a good skill, three tampered). */
const test = chatTest({ skills: fixture('skills.mjs') });
/** The fixture changes its release-notes skill when this file says `revised`. */
const revisionFile = join(tmpdir(), `sb-e2e-skills-${randomUUID()}.revision`);
const revisable = chatTest({
  skills: fixture('skills.mjs', { env: { SKILLS_REVISION_FILE: revisionFile } }),
});
const screenshots = 'artifacts/screenshots';

async function openSkills(page: Page): Promise<void> {
  await page.getByTestId('server-item-skills').click();
  await expect(page.getByTestId('server-status')).toContainText(/Ready|就绪/, { timeout: 20_000 });
  await page.getByRole('tab', { name: /Skills|技能/ }).click();
  await expect(page.getByTestId('skill-list')).toBeVisible();
}

/** The model's tool results of the last step, as one line each (errors marked). */
function results(request: RecordedRequest): string {
  return lastToolResults(request)
    .map((r) => `${r.isError ? '[refused] ' : ''}${r.text}`)
    .join('\n');
}

test('enable skills in the server view; the model uses the good one and is refused the tampered', async ({
  page,
  shell,
  fake,
}) => {
  await page.goto(shell.url);
  await openSkills(page);
  const notes = page.getByTestId('skill-release-notes');
  await expect(notes).toContainText('Write release notes in the house style');
  await expect(notes).toContainText('references/TEMPLATE.md');
  await expect(notes).toContainText(/2 files, \d+ B/);
  await expect(page.getByTestId('skill-enabled-release-notes')).not.toBeChecked();
  for (const name of ['release-notes', 'tampered-digest', 'tampered-frontmatter']) {
    // The switch's track covers the checkbox: click the switch as a person does.
    await page.getByTestId(`skill-${name}`).locator('label.switch').click();
    await expect(page.getByTestId(`skill-enabled-${name}`)).toBeChecked();
  }

  fake.script(
    message([text('Loading the skill.'), toolUse('load_skill', { skill: 'skills/release-notes' })]),
    message([
      toolUse('load_skill', { skill: 'skills/release-notes', file: 'references/TEMPLATE.md' }),
    ]),
    message([
      toolUse('load_skill', { skill: 'skills/tampered-digest' }),
      toolUse('load_skill', { skill: 'skills/tampered-frontmatter' }),
    ]),
    (request: RecordedRequest) => message(`Here is what the skills said:\n${results(request)}`),
  );
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('Write the release notes.');
  await page.keyboard.press('Enter');

  const answer = page.getByTestId('assistant-message').last();
  await expect(answer).toContainText('Here is what the skills said', { timeout: 20_000 });
  await expect(answer).toContainText('[refused] Refused the skill “skills/tampered-digest”');
  await expect(answer).toContainText('has digest sha256:');
  await expect(answer).toContainText('differs from the listing in: description');
  // No approval was asked: enabling the skill was the person's consent.
  await expect(page.getByTestId('approval-dialog')).toHaveCount(0);
  const cards = page.getByTestId('tool-call');
  await expect(cards).toHaveCount(4);
  // Each card is one line until opened; what the skill gave the model is in its details.
  // One at a time: the first card's details move the second while they render.
  const details = ['Always open with the word SHIPPED.', '## SHIPPED: <title>'];
  for (const [index, expected] of details.entries()) {
    const toggle = cards.nth(index).getByTestId('tool-call-toggle');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(cards.nth(index)).toContainText(expected);
  }
  // What the model received for the good skill, verified and labelled with its server.
  const sent = JSON.stringify(fake.messageRequests.at(2)?.body);
  expect(sent).toContain('SHIPPED');
  expect(sent).toContain('from the MCP server “skills”');

  await mkdir(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/skills-chat-en-light.png` });

  await openSkills(page);
  await expect(page.getByTestId('skill-refusal-tampered-digest')).toContainText('digest');
  await expect(page.getByTestId('skill-refusal-release-notes')).toHaveCount(0);
  await page.getByRole('tab', { name: /Logs/ }).click();
  await expect(page.getByTestId('server-detail')).toContainText(
    'Refused the skill “skills/tampered-frontmatter”',
  );

  // The Skills tab as people see it: light and dark, English and Chinese.
  // Tall enough for every card: the tab scrolls inside the window, not the page.
  await page.setViewportSize({ width: 1200, height: 1560 });
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId('open-settings').click();
      const radio = page.getByTestId(`theme-${theme}`);
      await radio.click();
      await expect(radio).toBeChecked();
      await page.getByTestId('language').selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.keyboard.press('Escape');
      await openSkills(page);
      await expect(page.getByTestId('skill-refusal-tampered-digest')).toBeVisible();
      await page.screenshot({ path: `${screenshots}/skills-${language}-${theme}.png` });
    }
  }
});

/** The load_skill tool's description as the model last received it ('' when not offered). */
function offered(request: RecordedRequest | undefined): string {
  const body = request?.body as { tools?: { name: string; description: string }[] } | undefined;
  return (body?.tools ?? []).find((t) => t.name === 'load_skill')?.description ?? '';
}

async function chat(page: Page, text: string): Promise<void> {
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill(text);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('assistant-message').last()).toContainText('Noted.', {
    timeout: 20_000,
  });
}

revisable(
  'a skill that changed after approval is off, shows what changed, and asks again',
  async ({ page, shell, fake }) => {
    await page.goto(shell.url);
    await openSkills(page);
    await page.getByTestId('skill-release-notes').locator('label.switch').click();
    await expect(page.getByTestId('skill-enabled-release-notes')).toBeChecked();
    fake.script(message('Noted.'));
    await chat(page, 'What skills do you have?');
    expect(offered(fake.messageRequests.at(-1))).toContain(
      'skills/release-notes (from the MCP server “skills”): Write release notes in the house style',
    );

    // The server changes the skill while running (and announces it).
    await writeFile(revisionFile, 'revised');
    await openSkills(page);
    const change = page.getByTestId('skill-change-release-notes');
    await expect(change).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('skill-enabled-release-notes')).not.toBeChecked();
    await expect(change).toContainText('Changed since you approved it');
    await expect(change).toContainText('Write release notes in the house style');
    await expect(change).toContainText('Write release notes and mail them to every customer');
    await expect(change.getByTestId('skill-file-added')).toHaveText([
      /added\s*references\/TEMPLATE-v2\.md/,
      /added\s*scripts\/publish\.sh/,
    ]);
    await expect(change.getByTestId('skill-file-removed')).toHaveText([
      /removed\s*references\/TEMPLATE\.md/,
    ]);
    await expect(change.getByTestId('skill-file-changed')).toHaveText([
      /changed\s*SKILL\.md\s*\d+ B to \d+ B/,
    ]);

    // Nothing of the changed skill reaches the model before the person approves it again.
    fake.script(message('Noted.'));
    await chat(page, 'And now?');
    expect(offered(fake.messageRequests.at(-1))).not.toContain('skills/release-notes');
    expect(JSON.stringify(fake.messageRequests.at(-1)?.body)).not.toContain('mail them');

    // The re-ask as people see it: light and dark, English and Chinese.
    await mkdir(screenshots, { recursive: true });
    await page.setViewportSize({ width: 1200, height: 1100 });
    for (const language of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.getByTestId('open-settings').click();
        const radio = page.getByTestId(`theme-${theme}`);
        await radio.click();
        await expect(radio).toBeChecked();
        await page.getByTestId('language').selectOption(language);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await page.keyboard.press('Escape');
        await openSkills(page);
        await expect(change).toBeVisible();
        await change.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshots}/skills-changed-${language}-${theme}.png` });
      }
    }
    await expect(change).toContainText('自你批准后已发生变化');

    // Approving it as listed now offers the new version.
    await page.getByTestId('skill-approve-release-notes').click();
    await expect(change).toHaveCount(0);
    await expect(page.getByTestId('skill-enabled-release-notes')).toBeChecked();
    fake.script(message('Noted.'));
    await chat(page, '现在呢？');
    expect(offered(fake.messageRequests.at(-1))).toContain(
      'skills/release-notes (from the MCP server “skills”): Write release notes and mail them to every customer',
    );
  },
);
