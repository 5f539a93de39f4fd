import { round } from './summarize';

/** Main-process CPU time per call (µs) of two ways to make the same call. */
export interface CpuPerCall {
  calls: number;
  a: number;
  b: number;
}

const BLOCK = 100;

/**
 * Main-process CPU time (user + system) per call, `calls` calls each of `a` and `b` in
 * alternating blocks. Unlike wall time it barely counts the time spent waiting for a core, so
 * it shows what the caller's own layer costs on a loaded machine; alternating blocks spread
 * what load does to caches and clock speed over both. The server's CPU is not included.
 */
export async function mainCpuPerCall(
  calls: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<CpuPerCall> {
  let usedA = 0;
  let usedB = 0;
  const block = async (call: () => Promise<unknown>, size: number): Promise<number> => {
    const before = process.cpuUsage();
    for (let i = 0; i < size; i++) await call();
    const used = process.cpuUsage(before);
    return used.user + used.system;
  };
  for (let done = 0; done < calls; done += BLOCK) {
    const size = Math.min(BLOCK, calls - done);
    usedA += await block(a, size);
    usedB += await block(b, size);
  }
  return { calls, a: round(usedA / calls), b: round(usedB / calls) };
}
