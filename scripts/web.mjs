// `npm run web`: build if needed, then start the web shell (arguments pass through).
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensureBuilt.mjs';

ensureBuilt();
// The shipped shell runs in production mode, without the contract's output checks (the e2e
// runs and the bench start out/main/*.js themselves).
const child = spawn(process.execPath, ['out/main/web.js', ...process.argv.slice(2)], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
