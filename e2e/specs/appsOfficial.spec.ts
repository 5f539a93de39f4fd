import { fileURLToPath } from 'node:url';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import {
  appDocument,
  askForApp,
  bridgeMessages,
  expectAppRequestAnswered,
  expectNoProblems,
  officialAppsTest,
  showOfficialApp,
} from '../fixtures/officialApps';
import { invoke } from '../fixtures/invoke';
import { SCREENSHOTS } from '../fixtures/shootEachLook';

/**
 * The offline App matrix (issue 32): every official ext-apps App server that can work without
 * the internet, from node_modules, each on an origin of its own in the web shell. Each test
 * shows its App from a model's tool call, checks it rendered its tool result, and drives the
 * App's main interaction through the host, naming what it checks. One shell runs all the
 * servers for the whole file. The map, which needs the internet, shows why it did not render.
 */
const PDF = fileURLToPath(new URL('../fixtures/apps/hello.pdf', import.meta.url));
const test = officialAppsTest({
  'basic-react': [],
  'basic-vanillajs': [],
  'basic-vue': [],
  'basic-svelte': [],
  'basic-solid': [],
  'basic-preact': [],
  'budget-allocator': [],
  'cohort-heatmap': [],
  'customer-segmentation': [],
  'scenario-modeler': [],
  'sheet-music': [],
  'system-monitor': [],
  threejs: [],
  shadertoy: [],
  transcript: [],
  pdf: [PDF],
  map: [],
});

const ISO_TIME = /^\d{4}-\d\d-\d\dT[\d:.]+Z$/;

/** The basic Apps: their "Get Server Time" button calls the server's tool through the host. */
async function expectServerTimeRoundTrip(
  page: Page,
  app: FrameLocator,
  time = app.getByText(ISO_TIME).first(),
): Promise<void> {
  await expect(time).toHaveText(ISO_TIME, { timeout: 15_000 });
  const first = await time.textContent();
  await app.getByRole('button', { name: 'Get Server Time' }).click();
  await expect(time).not.toHaveText(first ?? '', { timeout: 15_000 });
  await expect(time).toHaveText(ISO_TIME);
  await expectAppRequestAnswered(page, 'tools/call');
  await expectNoProblems(page);
}

for (const flavour of ['react', 'vanillajs', 'svelte', 'solid', 'preact'] as const) {
  test(`basic-${flavour}: shows the server's time; its button gets a new one (App tools/call)`, async ({
    page,
    shell,
    fake,
  }) => {
    const app = await showOfficialApp({ page, shell, fake }, `basic-${flavour}`, 'get-time');
    await expectServerTimeRoundTrip(page, app);
  });
}

test('basic-vue: shows the server’s time; its button gets a new one, in every look (bridge in a Vue ref)', async ({
  page,
  shell,
  fake,
}) => {
  // The App keeps its bridge in a Vue ref, whose proxy reads properties of the window the bridge
  // posts to. Its document's `parent` is one it may read (see renderer/sandbox/parentFacade.ts);
  // the real one, across origins, threw a SecurityError before the call could leave.
  const app = await showOfficialApp({ page, shell, fake }, 'basic-vue', 'get-time');
  const time = (doc: FrameLocator): Locator => doc.locator('code.server-time, .server-time code');
  await expectServerTimeRoundTrip(page, app, time(app));
  // Its diagnostics list the bridge's exchange: the App's start answered, its result sent.
  const messages = await bridgeMessages(page);
  await expect(messages).toContainText(/to the App answer ui\/initialize after \d+ ms/);
  await expect(messages).toContainText('to the App notification ui/notifications/tool-result');
  for (const language of ['en', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await invoke(page, 'settings.update', { language, theme });
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready');
      // The new look reaches the App as host context; its button still gets a new time.
      const shown = time(appDocument(page));
      const before = await shown.textContent();
      await appDocument(page).getByRole('button', { name: 'Get Server Time' }).click();
      await expect(shown).not.toHaveText(before ?? '');
      await expect(shown).toHaveText(ISO_TIME);
      await expectNoProblems(page);
      const diagnostics = page.getByTestId('app-card').getByTestId('app-diagnostics');
      await bridgeMessages(page);
      await diagnostics.scrollIntoViewIfNeeded();
      await diagnostics.screenshot({
        path: `${SCREENSHOTS}/app-diagnostics-bridge-${language}-${theme}.png`,
      });
    }
  }
  await invoke(page, 'settings.update', { language: 'en', theme: 'light' });
});

test('budget-allocator: draws the tool result’s budget; a new total re-allocates (in the App)', async ({
  page,
  shell,
  fake,
}) => {
  // Its controls work inside the App (no host call): what goes through the host is the tool
  // result it draws and its size, which the host follows.
  const app = await showOfficialApp({ page, shell, fake }, 'budget-allocator', 'get-budget-data');
  await expect(app.getByText('Allocated: $100,000 / $100,000')).toBeVisible();
  await expect(app.locator('#budget-chart')).toBeVisible();
  await app.locator('#budget-selector').selectOption('250000');
  await expect(app.getByText('Allocated: $250,000 / $250,000')).toBeVisible();
  await expect(await bridgeMessages(page)).toContainText(
    'from the App notification ui/notifications/size-changed',
  );
  await expectNoProblems(page);
});

test('cohort-heatmap: another metric is fetched by the App (tools/call) and drawn', async ({
  page,
  shell,
  fake,
}) => {
  const app = await showOfficialApp({ page, shell, fake }, 'cohort-heatmap', 'get-cohort-data');
  await expect(
    app.getByText('Jan 2026').or(app.getByText(/^[A-Z][a-z]{2} \d{4}$/).first()),
  ).toBeVisible();
  const table = app.locator('body');
  const before = await table.innerText();
  await app.locator('select').first().selectOption('revenue');
  await expect.poll(() => table.innerText(), { timeout: 15_000 }).not.toBe(before);
  await expectAppRequestAnswered(page, 'tools/call');
  await expectNoProblems(page);
});

test('customer-segmentation: the App fetches its customers itself (tools/call) and plots them', async ({
  page,
  shell,
  fake,
}) => {
  const app = await showOfficialApp(
    { page, shell, fake },
    'customer-segmentation',
    'get-customer-data',
  );
  await expect(app.getByText(/^\(\d+\)$/).first()).toBeVisible({ timeout: 15_000 });
  await expect(app.locator('#scatter-chart')).toBeVisible();
  await expectAppRequestAnswered(page, 'tools/call');
  await app.locator('#y-axis').selectOption('nps');
  await expect(app.locator('#y-axis')).toHaveValue('nps');
  await expectNoProblems(page);
});

test('scenario-modeler: projects the tool result’s inputs; a template compares (in the App)', async ({
  page,
  shell,
  fake,
}) => {
  // Like the budget App, its controls stay inside it; the host delivers its templates.
  const app = await showOfficialApp({ page, shell, fake }, 'scenario-modeler', 'get-scenario-data');
  await expect(app.getByText('End MRR').first()).toBeVisible();
  await app.locator('select.template-select').selectOption('vc-rocketship');
  await expect(app.locator('select.template-select')).toHaveValue('vc-rocketship');
  await expect(app.getByText(/VC Rocketship/).nth(1)).toBeVisible();
  await expect(await bridgeMessages(page)).toContainText(
    'from the App notification ui/notifications/size-changed',
  );
  await expectNoProblems(page);
});

test('sheet-music: engraves the ABC notation the tool input carries', async ({
  page,
  shell,
  fake,
}) => {
  // Playing it fetches soundfonts from the internet; engraving is what works offline.
  const app = await showOfficialApp({ page, shell, fake }, 'sheet-music', 'play-sheet-music', {
    abcNotation: 'X:1\nT:Offline Tune\nM:4/4\nL:1/4\nK:C\nC D E F | G A B c |',
  });
  await expect(app.locator('svg .abcjs-note')).toHaveCount(8, { timeout: 15_000 });
  await expect(app.locator('svg text', { hasText: 'Offline Tune' })).toBeVisible();
  await expect(await bridgeMessages(page)).toContainText(
    'to the App notification ui/notifications/tool-input',
  );
  await expectNoProblems(page);
});

test('system-monitor: the App polls the server’s stats (tools/call) and stops on its button', async ({
  page,
  shell,
  fake,
}) => {
  const app = await showOfficialApp({ page, shell, fake }, 'system-monitor', 'get-system-info');
  await expect(app.getByText(/^\d+(\.\d+)?%$/).first()).toBeVisible({ timeout: 15_000 });
  await expectAppRequestAnswered(page, 'tools/call');
  await app.locator('#poll-toggle-btn').click();
  await expect(app.locator('#poll-toggle-btn')).toHaveText('Start');
  await expectNoProblems(page);
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
  const app = await showOfficialApp({ page, shell, fake }, 'threejs', 'show_threejs_scene', {
    code,
    height: 300,
  });
  await expect(app.locator('canvas[data-ran="yes"]')).toHaveCount(1, { timeout: 20_000 });
  await expect(app.locator('canvas[data-drawn="yes"]')).toHaveCount(1);
  await expectNoProblems(page);
});

test('shadertoy: draws the shader; its fullscreen button asks the host (request-display-mode)', async ({
  page,
  shell,
  fake,
}) => {
  // The App reads its shader from the tool input (the server's default is not in it).
  const app = await showOfficialApp({ page, shell, fake }, 'shadertoy', 'render-shadertoy', {
    fragmentShader:
      'void mainImage(out vec4 fragColor, in vec2 fragCoord) {\n' +
      '  fragColor = vec4(fragCoord / iResolution.xy, 0.5, 1.0);\n}',
  });
  await expect(app.locator('canvas#canvas')).toBeVisible();
  await app.locator('#fullscreen-btn').click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'fullscreen');
  // Back from the host's side: its bar over the fullscreen App (which covers the card).
  await page.getByTestId('app-frame').getByRole('button', { name: 'Back to the chat' }).click();
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-display-mode', 'inline');
  await expectAppRequestAnswered(page, 'ui/request-display-mode');
  await expectNoProblems(page);
});

test('transcript: asks for the microphone; allowing it on the card grants it to the frame', async ({
  page,
  shell,
  fake,
}) => {
  // Speech recognition needs an online service; the App's permission request, answered on its
  // card, is the part that goes through the host offline.
  const app = await showOfficialApp({ page, shell, fake }, 'transcript', 'transcribe');
  await expect(app.locator('#start-btn')).toBeVisible();
  const iframe = page.getByTestId('app-iframe');
  await expect(iframe).not.toHaveAttribute('allow', /microphone/);
  await page.getByTestId('app-permissions').getByRole('button').click();
  await expect(iframe).toHaveAttribute('allow', /microphone/);
  await expect(page.getByTestId('app-frame')).toHaveAttribute('data-phase', 'ready', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('app-permissions')).toBeVisible();
  await expectNoProblems(page);
});

test('pdf: a local PDF renders (pdf.js worker from data:) and its text is there', async ({
  page,
  shell,
  fake,
}) => {
  const app = await showOfficialApp({ page, shell, fake }, 'pdf', 'display_pdf', { url: PDF });
  await expect(app.getByText('Hello from a local PDF')).toBeVisible({ timeout: 30_000 });
  await expectAppRequestAnswered(page, 'tools/call');
  await expect(page.getByTestId('app-failure')).toHaveCount(0);
  // The viewer may log that it cannot keep the last page read (no localStorage in an opaque
  // document); it goes on without. Nothing else may be on its card.
  const problems = page.getByTestId('app-diagnostics-problems').locator('li');
  for (const problem of await problems.all()) {
    await expect(problem).toHaveAttribute('data-kind', 'console-error');
    await expect(problem).toContainText('localStorage');
  }
});

test('map (needs the internet): its card names the CDN it could not load', async ({
  page,
  shell,
  fake,
}) => {
  await askForApp({ page, shell, fake }, 'map', 'show-map');
  const frame = page.getByTestId('app-frame');
  await expect(frame).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
  const cause = page.getByTestId('app-failure-cause');
  await expect(cause).toContainText('could not load');
  await expect(cause).toContainText(/https:\/\/cesium\.com\/\S+/);
});
