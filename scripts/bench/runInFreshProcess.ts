import { spawn } from 'node:child_process';
import type { BenchReport } from './runBenchmarks';

/** Set in the child's environment to the benchmark it runs: the child then runs it in place. */
export const FRESH_PROCESS_ENV = 'BENCH_FRESH_PROCESS';

/**
 * Runs one benchmark in a new process of this bench (`node out/main/bench.js NAME`) and returns
 * that run's report. For benchmarks timed in this process whose figures depend on the heap and
 * caches the other benchmarks left behind; a window's filtering, say, never runs after them.
 */
export function runInFreshProcess(name: string): Promise<BenchReport> {
  const entry = process.argv[1];
  if (!entry) return Promise.reject(new Error('no bench entry to start'));
  const child = spawn(process.execPath, [entry, name], {
    env: { ...process.env, [FRESH_PROCESS_ENV]: name },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(JSON.parse(text) as BenchReport);
      } catch {
        reject(
          new Error(
            `${name} in its own process exited with ${String(code)}: ${text.slice(0, 500)}`,
          ),
        );
      }
    });
  });
}
