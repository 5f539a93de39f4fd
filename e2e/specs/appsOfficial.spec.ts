import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { appFrame } from '../fixtures/appFrame';
import { chatTest } from '../fixtures/chatTest';
import { shootEachLook } from '../fixtures/shootEachLook';
import { message, text, toolUse } from '../fixtures/fakeAnthropic/replies.mjs';
import { appServer } from '../fixtures/servers';
import type { RunningShell } from '../fixtures/startWebShell';
import config from '../../playwright.config';

/**
 * Official App servers that failed in the shared opaque sandbox (issue 32), now each on an
 * origin of its own: three.js evaluates the scene's code, pdf.js starts its worker from a
 * `data:` URL, and the Vue App needs a real origin. Each renders and its main interaction
 * works, with no CSP violation or script error on its card.
 */
const PDF = fileURLToPath(new URL('../fixtures/apps/hello.pdf', import.meta.url));
const test = chatTest({
  vue: appServer('basic-vue'),
  threejs: appServer('threejs'),
  pdf: appServer('pdf', {}, [PDF]),
});

// WebGL without a GPU (three.js draws with it): Chromium's software renderer, asked for.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--enable-unsafe-swiftshader'],
  },
});

async function showApp(page: Page, shell: RunningShell, server: string): Promise<void> {
  await page.goto(shell.url);
  await expect(page.getByTestId(`server-item-${server}`)).toContainText(/tool/, {
    timeout: 20_000,
  });
  // Every call, the model's and the App's, is allowed as its dialog comes.
  await page.addLocatorHandler(page.getByTestId('approval-dialog'), async (dialog) => {
    const forApp = dialog.getByTestId('approval-app');
    await ((await forApp.isVisible()) ? forApp : dialog.getByTestId('approval-chat')).click();
  });
  await page.getByTestId('new-chat').click();
  await page.locator('#composer-input').fill('Show the App');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 30_000,
  });
}

async function expectNoProblems(page: Page): Promise<void> {
  await expect(page.getByTestId('app-problems')).toHaveCount(0);
  await expect(page.getByTestId('app-failure')).toHaveCount(0);
}

test('basic-vue: renders on its own origin, and its button gets the server’s time', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(message([toolUse('vue__get-time', {})]), message([text('Shown.')]));
  await showApp(page, shell, 'vue');
  const app = await appFrame(page);
  const time = app.locator('code.server-time, .server-time code').first();
  await expect(time).toHaveText(/^\d{4}-\d\d-\d\dT/, { timeout: 15_000 });
  const first = await time.textContent();
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(time).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expectNoProblems(page);
  // Its diagnostics list the bridge's exchange: the App's start answered, its result sent.
  const card = page.getByTestId('app-card');
  await card.getByTestId('app-diagnostics').locator('summary').click();
  const messages = card.getByTestId('app-diagnostics-messages');
  await expect(messages).toContainText(/to the App answer ui\/initialize after \d+ ms/);
  await expect(messages).toContainText('to the App notification ui/notifications/tool-result');
  await expect(card.getByTestId('app-diagnostics-problems')).toHaveCount(0);
  await shootEachLook(page, card, 'app-diagnostics-ready');
});

test('threejs: the scene’s code runs (eval) and draws into its canvas', async ({
  page,
  shell,
  fake,
}) => {
  const code = [
    "canvas.dataset.ran = 'yes';",
    'const renderer = new THREE.WebGLRenderer({ canvas, antialias: true });',
    'const scene = new THREE.Scene();',
    'const camera = new THREE.PerspectiveCamera(60, width / height, 0.1, 100);',
    'camera.position.z = 3;',
    'scene.add(new THREE.Mesh(new THREE.BoxGeometry(), new THREE.MeshNormalMaterial()));',
    'renderer.render(scene, camera);',
    "canvas.dataset.drawn = 'yes';",
  ].join('\n');
  fake.script(
    message([toolUse('threejs__show_threejs_scene', { code, height: 300 })]),
    message([text('Shown.')]),
  );
  await showApp(page, shell, 'threejs');
  const app = await appFrame(page);
  await expect(app.locator('canvas[data-ran="yes"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(app.locator('canvas[data-drawn="yes"]')).toHaveCount(1);
  await expectNoProblems(page);
});

test('pdf: a local PDF renders (pdf.js worker from data:) and its text is there', async ({
  page,
  shell,
  fake,
}) => {
  fake.script(message([toolUse('pdf__display_pdf', { url: PDF })]), message([text('Shown.')]));
  await showApp(page, shell, 'pdf');
  const app = await appFrame(page);
  await expect(app.getByText('Hello from a local PDF')).toBeVisible({ timeout: 30_000 });
  await expectNoProblems(page);
});
