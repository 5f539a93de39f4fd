// `npm run bench [-- name…]`: build if needed, then run the benchmarks (all, or the named
// ones) and print one JSON report on stdout.
// Build output goes to stderr, so `npm run --silent bench > report.json` keeps the JSON clean.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from '../ensureBuilt.mjs';

const entry = 'out/main/bench.js';
// ensureBuilt watches the app's sources; the bench entry also depends on its own folder.
const sources = [
  'scripts/bench',
  'scripts/webShellNodeFlags.mjs',
  'main',
  'shared',
  'package.json',
  'electron.vite.config.ts',
];

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

ensureBuilt();
if (!existsSync(entry) || statSync(entry).mtimeMs < Math.max(...sources.map(newest))) {
  process.stderr.write('Building the benchmarks…\n');
  const build = spawnSync(
    process.execPath,
    // The test build: the app's entries plus the bench's, which never ship.
    ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--mode', 'test'],
    { stdio: ['ignore', 2, 2] },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, [entry, ...process.argv.slice(2)], {
  // The shipped shells' mode (npm start, npm run web, the packaged app): hosts started in the
  // bench's own process then skip the contract's output checks as those do.
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
// The bench ends its servers on SIGINT/SIGTERM itself; forward and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 0)));
