// `npm start`: the desktop app on the production build (built first when the sources changed;
// `npm run dev` is the live-reloading development run). A missing Electron
// binary is downloaded first by the electron package's own installer, with its progress shown;
// when that cannot work (offline, blocked, no display) one line on stderr says why and the same
// app opens in the browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensureBuilt.mjs';
import { decideStart } from './startMode.mjs';
import { createInstallProgress } from './installProgress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const progress = createInstallProgress(process.stderr);
const choice = await decideStart({
  root,
  env: process.env,
  onInstallEvent: progress.onEvent,
});
progress.end();
if (choice.mode === 'web') process.stderr.write(`${choice.reason}\n`);
ensureBuilt();
// What people run: the minified renderer, and main without the contract's output checks.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const [file, command] =
  choice.mode === 'electron'
    ? // The binary found above (also one under ELECTRON_OVERRIDE_DIST_PATH), on the built app.
      [choice.binary, ['.', ...args]]
    : [process.execPath, ['scripts/web.mjs', ...args]];
const child = spawn(file, command, { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
