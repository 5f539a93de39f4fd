// `npm start`: the desktop app in development (electron-vite dev, live reload). A missing Electron
// binary is downloaded first by the electron package's own installer, with its progress shown;
// when that cannot work (offline, blocked, no display) one line on stderr says why and the same
// app opens in the browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
const [command, env] =
  choice.mode === 'electron'
    ? [
        // The dev runner starts the binary found above (also one under ELECTRON_OVERRIDE_DIST_PATH).
        ['node_modules/electron-vite/bin/electron-vite.js', 'dev', '--logLevel', 'warn', ...args],
        { ...process.env, ELECTRON_EXEC_PATH: choice.binary },
      ]
    : [['scripts/web.mjs', ...args], process.env];
const child = spawn(process.execPath, command, { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
