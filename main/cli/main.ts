import { installProcessGuards } from '../platform/installProcessGuards';
import { createLogger } from '../platform/Logger';
import { runCli } from './runCli';
import { cleanTerminalText } from './terminalText';

/** Entry of `npm run cli`: see runCli for the commands. */
// A stray rejection is reported on stderr; the command still finishes and sets its exit code.
installProcessGuards(process, createLogger({ consoleLevel: 'error' }, 'cli'));
const abort = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => abort.abort());
const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);

/** All of standard input, read only when a command asks (`secret set`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

runCli(
  process.argv.slice(2),
  process.env,
  write(process.stdout),
  write(process.stderr),
  abort.signal,
  readStdin,
).then(
  (code) => {
    process.exitCode = abort.signal.aborted ? 130 : code;
  },
  (error: unknown) => {
    process.stderr.write(`${cleanTerminalText(String(error))}\n`);
    process.exitCode = 1;
  },
);
