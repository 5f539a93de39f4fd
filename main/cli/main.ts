import { runCli } from './runCli';

/** Entry of `npm run cli`: see runCli for the commands. */
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
