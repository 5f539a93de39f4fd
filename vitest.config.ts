import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `import start from './file?nodeWorker'` as the build has it (electron-vite emits the worker
 * as a chunk): in tests the worker starts from its source file, whose types Node strips.
 */
const nodeWorkerFromSource: Plugin = {
  name: 'node-worker-from-source',
  enforce: 'pre',
  async resolveId(id, importer) {
    if (!id.endsWith('?nodeWorker')) return null;
    const file = await this.resolve(id.slice(0, -'?nodeWorker'.length), importer, {
      skipSelf: true,
    });
    return file ? `\0node-worker:${file.id}` : null;
  },
  load(id) {
    if (!id.startsWith('\0node-worker:')) return null;
    const url = pathToFileURL(id.slice('\0node-worker:'.length)).href;
    return `import { Worker } from 'node:worker_threads';
export default (options) => new Worker(new URL(${JSON.stringify(url)}), options);`;
  },
};

/** Unit and integration tests sit next to the code; renderer tests run in jsdom. */
export default defineConfig({
  test: {
    // Most tests wait on real processes and sockets, not the CPU: vitest's default of one
    // worker fewer than the cores leaves a 2-core machine half idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [nodeWorkerFromSource],
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'shared/**/*.test.ts',
            'main/**/*.test.ts',
            'preload/**/*.test.ts',
            'e2e/fixtures/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Files share a worker's loaded modules: importing the host afresh for each file took
          // more of the run than the tests. Tests hand seams their stand-ins (no module mocks).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/testing/failOnContractDrift.ts', 'renderer/testing/setupDom.ts'],
          // One DOM per worker, not one per file (see setupDom.ts for what is reset each test).
          isolate: false,
        },
      },
    ],
  },
});
