// `npm run web`: build if the sources are newer than the build, then start the web shell.
import { spawn, spawnSync } from 'node:child_process';
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
const built = 'out/main/web.js';

function newest(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

const stale =
  !existsSync(built) ||
  !existsSync('out/renderer/index.html') ||
  Math.max(...sources.filter(existsSync).map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building Switchboard…');
  const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(process.execPath, [built, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
