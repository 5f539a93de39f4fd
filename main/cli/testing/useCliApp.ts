import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { runCli } from '../runCli';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

export interface CliApp {
  /** The fake Messages API shared by the file's tests. */
  readonly fake: FakeAnthropic;
  /** The data dir (holding servers.json) every run uses. */
  readonly dir: string;
  /** Runs the CLI on `dir`, without a login shell, with the model at `fake` unless `env` says
   * otherwise. */
  run: (argv: readonly string[], env?: Record<string, string>, stdin?: string) => Promise<CliRun>;
}

/** Per-file hooks: one fake Messages API and one data dir whose servers.json lists `servers`. */
export function useCliApp(servers: Record<string, Record<string, unknown>>): CliApp {
  let fake: FakeAnthropic | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    fake = await startFakeAnthropic();
    dir = await mkdtemp(join(tmpdir(), 'sb-cli-'));
    await writeFile(join(dir, 'servers.json'), JSON.stringify({ mcpServers: servers }));
  });
  afterAll(() => fake?.close());
  const ready = (): { fake: FakeAnthropic; dir: string } => {
    if (!fake || !dir) throw new Error('useCliApp: used outside its tests');
    return { fake, dir };
  };
  return {
    get fake() {
      return ready().fake;
    },
    get dir() {
      return ready().dir;
    },
    run: async (argv, env = {}, stdin) => {
      const app = ready();
      let out = '';
      let err = '';
      const code = await runCli(
        [...argv, '--data-dir', app.dir, '--no-login-shell'],
        {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ANTHROPIC_API_KEY: 'sk-test',
          ANTHROPIC_BASE_URL: app.fake.url,
          ...env,
        },
        (t) => (out += t),
        (t) => (err += t),
        undefined,
        stdin === undefined ? undefined : () => Promise.resolve(stdin),
      );
      return { code, out, err };
    },
  };
}
