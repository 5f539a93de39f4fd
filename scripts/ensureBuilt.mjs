// Builds with electron-vite when the sources are newer than `out/` (or it is missing).
// Build output goes to stderr so commands with --json keep stdout to themselves.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = [
  'main',
  'preload',
  'renderer',
  'shared',
  'package.json',
  'electron.vite.config.ts',
];
const outputs = ['out/main/web.js', 'out/main/cli.js', 'out/renderer/index.html'];

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

export function ensureBuilt() {
  const built = outputs.every(existsSync)
    ? Math.min(...outputs.map((file) => statSync(file).mtimeMs))
    : 0;
  const changed = Math.max(...sources.filter(existsSync).map(newest));
  if (built > changed) return;
  process.stderr.write('Building Switchboard…\n');
  const build = spawnSync(
    process.execPath,
    // Warnings and errors only: `npm start` and `npm run web` stay a few lines long.
    ['node_modules/electron-vite/bin/electron-vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: ['ignore', 2, 2],
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
