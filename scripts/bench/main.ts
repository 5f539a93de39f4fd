import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';
import { runBenchmarks, type BenchReport } from './runBenchmarks';

/**
 * Entry of `npm run bench [-- name…]` (bundled to out/main/bench.js):
 * prints one JSON report on stdout. Exits non-zero only when a benchmark crashed; a missed goal
 * is a `pass: false` in the report, since timings on a busy machine are not a build failure.
 */
const janitor = new ProcessJanitor();
const root = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));

/** Ends every server process (they run in their own process groups) and removes the temp dir. */
async function cleanUp(): Promise<void> {
  await janitor.cleanup();
  await rm(root, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  let report: BenchReport;
  try {
    report = await runBenchmarks({ root, janitor, only: process.argv.slice(2) });
  } finally {
    await cleanUp();
  }
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  for (const error of report.errors) {
    process.stderr.write(`bench ${error.bench} crashed: ${error.message}\n`);
  }
  return report.errors.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Anything still holding the event loop now is a leak; say so rather than hang.
    setTimeout(() => {
      process.stderr.write('bench: handles still open after the run; exiting\n');
      process.exit();
    }, 5000).unref();
  },
  (error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`bench failed: ${text}\n`);
    process.exitCode = 1;
  },
);
