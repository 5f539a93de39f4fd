import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/** One build for all shells: Electron main + web shell + CLI + bench entries, preload, renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The bench drives Chromium through Playwright (a dev dependency): load it from
      // node_modules at run time rather than bundling it. No app entry imports it.
      externalizeDeps: { include: ['@playwright/test'] },
      rollupOptions: {
        input: {
          index: resolve('main/index.ts'),
          web: resolve('main/web/main.ts'),
          cli: resolve('main/cli/main.ts'),
          bench: resolve('scripts/bench/main.ts'),
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
    plugins: [react()],
    build: {
      outDir: 'out/renderer',
      // The App sandbox proxy page is its own entry: main serves it on the sandbox origin.
      rollupOptions: {
        input: { index: resolve('renderer/index.html'), sandbox: resolve('renderer/sandbox.html') },
      },
    },
  },
});
