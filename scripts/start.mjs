// `npm start`: the desktop app in development (electron-vite dev, live reload) when Electron can
// start here; otherwise one line on stderr saying why, and the same app in the browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chooseStart } from './startMode.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const choice = chooseStart({ root, env: process.env });
if (choice.mode === 'web') process.stderr.write(`${choice.reason}\n`);
const command =
  choice.mode === 'electron'
    ? ['node_modules/electron-vite/bin/electron-vite.js', 'dev', ...args]
    : ['scripts/web.mjs', ...args];
const child = spawn(process.execPath, command, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
