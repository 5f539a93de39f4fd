import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSecretStore } from '../platform/FileSecretStore';
import { ServerSecrets } from '../services/secrets/ServerSecrets';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { runCli } from './runCli';
import { captureCli } from './testing/captureCli';

// The CLI's report of a server shows the references, never what they brought in (see
// main/services/secrets/redaction.test.ts for the app's side); what it says about where it
// keeps secrets is true.

const ENV_VALUE = 'env-value-Xk9q2';
const SECRET_VALUE = 'secret-value-Yq7w4';
const leaky = fixtureServer('leaky.mjs');

async function readLogs(dir: string): Promise<string> {
  const logs = join(dir, 'logs');
  const files = [join(logs, 'cli.log')];
  if (existsSync(join(logs, 'servers'))) {
    for (const name of await readdir(join(logs, 'servers')))
      files.push(join(logs, 'servers', name));
  }
  const texts = await Promise.all(
    files.map((f) => (existsSync(f) ? readFile(f, 'utf8') : Promise.resolve(''))),
  );
  return texts.join('\n');
}

function leaks(text: string): string[] {
  return [ENV_VALUE, SECRET_VALUE].filter((value) => text.includes(value));
}

describe('cli: secrets', () => {
  it('values from references are not in its report of a server that failed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-redact-cli-'));
    const config = join(dir, 'servers.json');
    const data = join(dir, 'data');
    await new ServerSecrets(new FileSecretStore(join(data, 'secrets.json'))).set('Y', SECRET_VALUE);
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          failing: {
            command: process.execPath,
            args: [leaky, '--token=${env:X}'],
            env: { LEAKY_ENV: 'TOKEN', LEAKY_EXIT: '1', TOKEN: '${secret:Y}' },
            // No era probe: one process per attempt.
            protocol: 'legacy',
          },
        },
      }),
    );
    const argv = ['--config', config, '--data-dir', data, '--no-login-shell'];
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, X: ENV_VALUE };
    for (const json of [true, false]) {
      const run = await captureCli(['servers', ...(json ? ['--json'] : []), ...argv], env);
      expect(run.code).toBe(1);
      expect(run.out).toContain('leaky started with');
      expect(run.out).toContain('${env:X}');
      expect(leaks(run.out + run.err)).toEqual([]);
    }
    expect(leaks(await readLogs(data))).toEqual([]);
    expect(await readLogs(data)).toContain('leaky started with');
  });

  it('secret set says where the value went: a file only your user can read', async () => {
    const data = await mkdtemp(join(tmpdir(), 'sb-cli-secret-'));
    let out = '';
    const code = await runCli(
      ['secret', 'set', 'corp-token', '--data-dir', data],
      { PATH: process.env.PATH, HOME: process.env.HOME },
      (text) => (out += text),
      () => undefined,
      undefined,
      () => Promise.resolve('s3cret-value\n'),
    );
    expect(code).toBe(0);
    expect(out).toBe(
      `Stored the secret corp-token in ${join(data, 'secrets.json')} (a file only your user can read); write \${secret:corp-token} in servers.json to use it.\n`,
    );
    expect(out).not.toMatch(/encrypt|keychain|s3cret/i);
  });
});
