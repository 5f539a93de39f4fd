// `npm run web`: build if needed, then start the web shell (arguments pass through).
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt();
const child = spawn(process.execPath, ['out/main/web.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
