// `import start from './file?nodeWorker'`: the build (electron-vite) emits `file` as a worker
// chunk of its own and gives a function starting it; tests get the same from vitest.config.ts.
declare module '*?nodeWorker' {
  import type { Worker, WorkerOptions } from 'node:worker_threads';
  export default function startWorker(options?: WorkerOptions): Worker;
}
