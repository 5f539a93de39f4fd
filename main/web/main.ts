import { fileURLToPath } from 'node:url';
import { runWebShell } from './runWebShell';

/** Entry of `npm run web`: the host core behind the web shell, on 127.0.0.1. */
runWebShell({ rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)) }).catch(
  (error: unknown) => {
    process.stderr.write(`Switchboard web shell failed to start: ${String(error)}\n`);
    process.exit(1);
  },
);
