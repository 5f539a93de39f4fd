import { installProcessGuards } from '../platform/installProcessGuards';
import { createLogger } from '../platform/Logger';
import { runCli } from './runCli';

/** Entry of `npm run cli`: see runCli for the commands. */
// A stray rejection is reported on stderr; the command still finishes and sets its exit code.
installProcessGuards(process, createLogger({ consoleLevel: 'error' }, 'cli'));
const abort = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => abort.abort());
const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);
runCli(
  process.argv.slice(2),
  process.env,
  write(process.stdout),
  write(process.stderr),
  abort.signal,
).then(
  (code) => {
    process.exitCode = abort.signal.aborted ? 130 : code;
  },
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exitCode = 1;
  },
);
