// `npm run web`: build if needed, then start the web shell (arguments pass through).
import { spawn } from 'node:child_process';
import { ensureBuilt } from './ensureBuilt.mjs';
import { WEB_SHELL_NODE_FLAGS } from './webShellNodeFlags.mjs';

ensureBuilt();
// The shipped shell runs in production mode, without the contract's output checks, and with its
// Node flags (the bench and the e2e runs start out/main/web.js with the same flags).
const child = spawn(
  process.execPath,
  [...WEB_SHELL_NODE_FLAGS, 'out/main/web.js', ...process.argv.slice(2)],
  {
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
