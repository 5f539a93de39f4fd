import { expect, test } from '../fixtures/base';
import { resolveConfig } from 'electron-vite';
import { createServer, mergeConfig, type ViteDevServer } from 'vite';
import { desktopRendererPolicy } from '../../main/window/desktopRendererPolicy';

let server: ViteDevServer;
let url: string;

test.beforeAll(async () => {
  // The renderer's development server exactly as `npm start` (electron-vite dev) configures it.
  const { config } = await resolveConfig({ logLevel: 'silent' }, 'serve', 'development');
  server = await createServer(
    mergeConfig(config?.renderer ?? {}, { server: { port: 0 }, logLevel: 'silent' }),
  );
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
});

test.afterAll(async () => {
  await server.close();
});

test('the development server sends the packaged window’s CSP, and the window runs under it', async ({
  page,
}) => {
  // The preload's window.host, standing in: it only records that the app's code asked it.
  await page.addInitScript(() => {
    const w = window as unknown as { asked: string[]; violations: string[]; host: unknown };
    w.asked = [];
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
    w.host = {
      invoke: (name: string) => {
        w.asked.push(name);
        return new Promise(() => {});
      },
      on: () => () => {},
    };
  });
  const response = await page.goto(url);
  const policy = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
  expect(nonce.length).toBeGreaterThanOrEqual(16);
  // The packaged app's policy (the app:// handler's), with the nonce for Vite's own client.
  expect(policy).toBe(desktopRendererPolicy(nonce));
  expect(desktopRendererPolicy()).toBe(policy.replaceAll(` 'nonce-${nonce}'`, ''));

  // The app's modules ran (they asked the host for the bootstrap) and its styles applied.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { asked: string[] }).asked))
    .toContain('app.bootstrap');
  expect(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
    ),
  ).not.toBe('');
  const violations = await page.evaluate(
    () => (window as unknown as { violations: string[] }).violations,
  );
  // zod's allowsEval() probes once with new Function("") and works without it (in the packaged
  // app too); Vite's dependency pre-bundling puts that code into its "coerce" chunk.
  const zodProbe = /^script-src eval \S+\/node_modules\/\.vite\/deps\/coerce-[\w-]+\.js/;
  expect(violations.filter((v) => !zodProbe.test(v))).toEqual([]);
});
