// `npm run --silent cli -- <command>`: build if needed, then run the headless CLI.
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt();
const child = spawn(process.execPath, ['out/main/cli.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// The CLI stops its servers on SIGINT itself; forward and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 0)));
