import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { desktopRendererPolicy } from './main/window/desktopRendererPolicy';
import { hostConnectionFirst } from './scripts/build/hostConnectionFirst';
import { startupChunk } from './scripts/build/startupChunk';

/**
 * One build for all shells: Electron main + web shell + CLI, preload, renderer. `--mode test`
 * (the e2e run and the bench) adds entries that never ship: the bench and the web shell with
 * the tests' pretend browser. The development server sends the packaged window's CSP.
 */
export default defineConfig(({ command, mode }) => {
  const harness = mode === 'test';
  // Vite's client injects its modules and styles in development: a per-launch nonce admits
  // those under the production policy, and nothing else.
  const devNonce = command === 'serve' ? randomBytes(18).toString('base64') : undefined;
  const startup = startupChunk('renderer/index.html');
  return {
    main: {
      build: {
        outDir: 'out/main',
        // The bench drives Chromium through Playwright and builds its bare React page with Vite
        // (dev dependencies): load them from node_modules at run time rather than bundling them.
        // No app entry imports them.
        ...(harness ? { externalizeDeps: { include: ['@playwright/test', 'vite'] } } : {}),
        rollupOptions: {
          input: {
            index: resolve('main/index.ts'),
            web: resolve('main/web/main.ts'),
            cli: resolve('main/cli/main.ts'),
            ...(harness
              ? {
                  bench: resolve('scripts/bench/main.ts'),
                  webShellWithTestOpener: resolve('e2e/fixtures/webShellWithTestOpener.ts'),
                }
              : {}),
          },
        },
      },
    },
    preload: {
      build: {
        outDir: 'out/preload',
        rollupOptions: {
          input: { index: resolve('preload/index.ts') },
          // Sandboxed preloads must be CommonJS.
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
        },
      },
    },
    renderer: {
      root: 'renderer',
      // The connection's chunk (below) runs first, on its own: see hostConnectionFirst.
      plugins: [react(), hostConnectionFirst('hostConnection'), startup.plugin],
      ...(devNonce
        ? {
            html: { cspNonce: devNonce },
            server: { headers: { 'Content-Security-Policy': desktopRendererPolicy(devNonce) } },
          }
        : {}),
      build: {
        outDir: 'out/renderer',
        // electron-vite leaves the renderer unminified; both shells serve this build, and a
        // page that parses 4 MB of JS before its composer is usable is what people would get.
        minify: true,
        // The App sandbox proxy page is its own entry: main serves it on the sandbox origin.
        rollupOptions: {
          // The shared contracts build zod schemas at module level; the renderer imports those
          // modules for a few constants and types. Calls rooted at `z` have no side effects, so
          // the schemas no code of the page uses are left out of the bundle (and out of its
          // start-up time).
          treeshake: { manualPureFunctions: ['z'] },
          input: {
            index: resolve('renderer/index.html'),
            sandbox: resolve('renderer/sandbox.html'),
          },
          output: {
            codeSplitting: {
              groups: [
                // The page's connection to main, opened while the rest is evaluated, in a chunk
                // of its own. A socket created with a 500 KB module's top level on the stack
                // makes an attached inspector (DevTools, a test driver) reparse that module for
                // its initiator's source positions: ~50 ms at every start.
                { name: 'hostConnection', test: /renderer[\\/]host[\\/]/, priority: 2 },
                // Everything else the page's entry imports, in two chunks the browser fetches
                // and compiles side by side, React and the rest (see startupChunk): ~20 ms
                // sooner to a usable composer than the eight small chunks the bundler made, or one.
                {
                  name: 'react',
                  test: (id: string) =>
                    startup.test(id) &&
                    /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id),
                  priority: 1.5,
                },
                { name: 'index', test: startup.test, priority: 1 },
              ],
            },
          },
        },
      },
    },
  };
});
