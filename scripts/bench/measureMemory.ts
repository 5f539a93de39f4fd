import { sleep } from './sleep';

/** Main-process memory in bytes, after garbage collection. */
export interface MemorySample {
  heapUsed: number;
  rss: number;
  external: number;
  arrayBuffers: number;
}

/**
 * Collects garbage a few times (with pauses so finalizers and freed buffers settle), then
 * reads `process.memoryUsage()`. Needs `node --expose-gc`.
 */
export async function measureMemory(): Promise<MemorySample> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('measureMemory needs node --expose-gc');
  for (let pass = 0; pass < 4; pass++) {
    gc();
    await sleep(50);
  }
  const { heapUsed, rss, external, arrayBuffers } = process.memoryUsage();
  return { heapUsed, rss, external, arrayBuffers };
}
