import { runCli } from '../runCli';

/** What one CLI run printed and returned; `json` when stdout was one JSON document. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
  json: unknown;
}

/** Runs the CLI in-process with `env`, capturing stdout and stderr. */
export async function captureCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    env,
    (t) => (out += t),
    (t) => (err += t),
  );
  let json: unknown;
  try {
    json = JSON.parse(out);
  } catch {
    json = undefined;
  }
  return { code, out, err, json };
}
