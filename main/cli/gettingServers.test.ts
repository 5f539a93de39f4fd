import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { packFixtureBundle } from '../../e2e/fixtures/bundles/packFixtureBundle.mjs';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { offlineNpmHome } from '../../e2e/fixtures/offlineNpmHome.mjs';
import { captureCli, type CliRun } from './testing/captureCli';

let dir: string;
let registry: FakeRegistry;
let home: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-get-'));
  home = await offlineNpmHome();
  registry = await startFakeRegistry({ pageSize: 2 });
});
afterAll(async () => {
  await registry.close();
});

function cli(...argv: string[]): Promise<CliRun> {
  const dashes = argv.indexOf('--');
  const common = ['--data-dir', join(dir, 'data'), '--no-login-shell'];
  // Flags after `--` would be the server's arguments.
  const full =
    dashes < 0
      ? [...argv, ...common]
      : [...argv.slice(0, dashes), ...common, ...argv.slice(dashes)];
  return captureCli(full, {
    PATH: process.env.PATH,
    HOME: home,
    SWITCHBOARD_REGISTRY_URL: registry.url,
  });
}

const serversFile = () => readFile(join(dir, 'data', 'servers.json'), 'utf8');
const secretsFile = () => readFile(join(dir, 'data', 'secrets.json'), 'utf8');

describe('cli: getting servers', () => {
  it('add -- COMMAND ARGS… and --url, with secrets to the store; remove', async () => {
    const echo = fixtureServer('echo.mjs');
    const added = await cli(
      'add',
      'echo',
      '--secret-env',
      'TOKEN=t0k',
      '--env=MODE=x',
      '--json',
      '--',
      process.execPath,
      echo,
    );
    expect(added.code).toBe(0);
    expect(added.json).toMatchObject({
      added: 'echo',
      entry: {
        command: process.execPath,
        args: [echo],
        env: { TOKEN: '${secret:echo.TOKEN}', MODE: 'x' },
      },
    });
    expect(await serversFile()).not.toContain('t0k');
    expect(JSON.parse(await secretsFile())).toMatchObject({ 'server-secret:echo.TOKEN': 't0k' });
    const servers = await cli('servers', '--json');
    expect(servers.json).toMatchObject({ servers: [{ name: 'echo', status: 'ready' }] });
    const call = await cli('call', 'echo', 'env', '--args', '{"name":"TOKEN"}', '--json');
    expect(JSON.stringify(call.json)).toContain('t0k');

    const remote = await cli(
      'add',
      'remote',
      '--url',
      'https://mcp.example.com/mcp',
      '--secret-header',
      'Authorization=Bearer xyz',
    );
    expect(remote.out).toMatch(/Added remote .*1 secret in the secret store/);
    expect(JSON.parse(await serversFile())).toMatchObject({
      mcpServers: {
        remote: {
          url: 'https://mcp.example.com/mcp',
          headers: { Authorization: '${secret:remote.header.Authorization}' },
        },
      },
    });
    const bad = await cli('add', 'nothing');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/either -- COMMAND ARGS… or --url URL/);

    expect((await cli('remove', 'echo', '--json')).json).toMatchObject({ removed: 'echo' });
    expect(await secretsFile()).not.toContain('t0k');
  });

  it('search follows every page; install names what is missing, stores secrets and the server starts', async () => {
    const search = await cli('search', 'modelcontextprotocol', '--json');
    const names = (search.json as { servers: { name: string }[] }).servers.map((s) => s.name);
    expect(names).toEqual([
      'io.github.modelcontextprotocol/server-memory',
      'io.github.modelcontextprotocol/server-everything',
      'io.github.modelcontextprotocol/time',
    ]);
    expect(registry.requests.filter((r) => r.path === '/v0.1/servers').length).toBeGreaterThan(1);
    const text = await cli('search', 'everything');
    expect(text.out).toMatch(
      /\[0\] package npm: npx -y @modelcontextprotocol\/server-everything@2026\.8\.31 stdio/,
    );
    expect(text.out).toMatch(/asks: EVERYTHING_API_KEY\* \(secret\)/);

    const refused = await cli(
      'install',
      'io.github.modelcontextprotocol/server-everything',
      '--json',
    );
    expect(refused.code).toBe(1);
    expect(refused.json).toMatchObject({
      error: {
        code: 'VALIDATION',
        message: expect.stringMatching(/needs EVERYTHING_API_KEY/) as unknown,
      },
    });

    const installed = await cli(
      'install',
      'io.github.modelcontextprotocol/server-everything',
      '--env',
      'EVERYTHING_API_KEY=live-key',
      '--json',
    );
    expect(installed.code).toBe(0);
    expect(installed.json).toMatchObject({
      installed: 'server-everything',
      secrets: ['server-everything.EVERYTHING_API_KEY'],
    });
    expect(await serversFile()).not.toContain('live-key');
    const call = await cli('call', 'server-everything', 'get-env', '--json', '--timeout', '60000');
    expect(call.code).toBe(0);
    expect(JSON.stringify(call.json)).toContain('live-key');
  }, 120_000);

  it('install FILE.mcpb with --env for its user config', async () => {
    const notes = join(dir, 'notes');
    await mkdir(notes, { recursive: true });
    const bundle = await packFixtureBundle(dir, 'hello-notes');
    // Not signed: nobody vouches for it, so installing it takes an explicit yes.
    const unvouched = await cli(
      'install',
      bundle,
      '--env',
      `notes_dir=${notes}`,
      '--env',
      'api_token=bundle-secret',
    );
    expect(unvouched.code).toBe(1);
    expect(unvouched.err).toMatch(/The bundle is not signed/);
    const missing = await cli('install', bundle, '--allow-untrusted');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/needs Notes folder \(notes_dir\), API token \(api_token\)/);
    const ok = await cli(
      'install',
      bundle,
      '--env',
      `notes_dir=${notes}`,
      '--env',
      'api_token=bundle-secret',
      '--allow-untrusted',
      '--json',
    );
    expect(ok.code).toBe(0);
    expect(ok.json).toMatchObject({
      installed: 'hello-notes',
      bundle: { signature: { state: 'unsigned' } },
    });
    expect(await serversFile()).not.toContain('bundle-secret');
    const call = await cli(
      'call',
      'hello-notes',
      'read_env',
      '--args',
      '{"name":"NOTES_TOKEN"}',
      '--json',
    );
    expect(JSON.stringify(call.json)).toContain('bundle-secret');
    const removed = await cli('remove', 'hello-notes', '--json');
    expect(removed.json).toMatchObject({
      removed: 'hello-notes',
      bundleFolder: join(dir, 'data', 'bundles', 'hello-notes'),
    });
  });
});
