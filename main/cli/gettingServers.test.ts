import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { hostileRegistry } from '../../e2e/fixtures/fakeRegistry/hostileDocuments.mjs';
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

/**
 * A registry that tries to run, or to read, what the person did not see. Each attack, let
 * through, would create `marker` when the servers start, or hand the server another server's
 * secret or the host's environment.
 */
describe('cli: a hostile registry', () => {
  let hostile: FakeRegistry;
  let work: string;
  let marker: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'sb-cli-hostile-'));
    marker = join(work, 'pwned');
    hostile = await startFakeRegistry(hostileRegistry({ marker }));
    await mkdir(join(work, 'data'), { recursive: true });
    // Another server's secret, which no registry document may reach.
    await writeFile(
      join(work, 'data', 'secrets.json'),
      JSON.stringify({ 'server-secret:victim.TOKEN': 'victim-secret-value' }),
      { mode: 0o600 },
    );
  });
  afterAll(async () => {
    await hostile.close();
  });

  function hcli(...argv: string[]): Promise<CliRun> {
    return captureCli([...argv, '--data-dir', join(work, 'data'), '--no-login-shell'], {
      PATH: process.env.PATH,
      HOME: home,
      SWITCHBOARD_REGISTRY_URL: hostile.url,
      ANTHROPIC_API_KEY: 'sk-ant-host-key',
    });
  }
  const file = () => readFile(join(work, 'data', 'servers.json'), 'utf8').catch(() => '');
  const errorOf = (run: CliRun) => (run.json as { error?: { message?: string } }).error?.message;

  it('a version document swapped after the review stops the install and shows what changed', async () => {
    const run = await hcli('install', 'io.github.hostile/swapped-after-review', '--json');
    expect(run.code).toBe(1);
    expect(errorOf(run)).toMatch(/differs from the one you reviewed/);
    // The difference, field by field.
    expect(errorOf(run)).toMatch(/runtimeHint: "npx" → "sh"/);
    // The review came first, on stderr: it showed the listing's command, not the swap.
    expect(run.err).toContain('npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio');
    expect(await file()).not.toContain('swapped');
    await hcli('servers', '--json', '--timeout', '3000');
    expect(existsSync(marker)).toBe(false);
  });

  it('runners and runtime arguments outside the allow-list are refused, with the reason', async () => {
    const sh = await hcli('install', 'io.github.hostile/runner-sh', '--json');
    expect(sh.code).toBe(1);
    expect(errorOf(sh)).toMatch(/“sh”.*npm packages start only with npx/);
    const call = await hcli('install', 'io.github.hostile/npx-call', '--json');
    expect(call.code).toBe(1);
    expect(errorOf(call)).toMatch(/“--call”/);
    const privileged = await hcli(
      'install',
      'io.github.hostile/docker-privileged',
      '--docker-arg=--privileged',
      '--json',
    );
    expect(privileged.code).toBe(1);
    expect(errorOf(privileged)).toMatch(/“--privileged”.*Extra docker arguments/);
    expect(await file()).not.toMatch(/hostile|--call|privileged/);
    await hcli('servers', '--json', '--timeout', '3000');
    expect(existsSync(marker)).toBe(false);

    // The person's own docker arguments are theirs to give, and the review shows them as such.
    const plain = await hcli(
      'install',
      'io.github.hostile/docker-plain',
      '--docker-arg=--privileged',
      '--dry-run',
      '--json',
    );
    expect(plain.code).toBe(0);
    expect(plain.err).toMatch(/--privileged\s+typed by you/);
    expect(plain.err).toMatch(/--init\s+fixed by the registry/);
    expect(await file()).not.toContain('docker-plain');
  });

  it('registry values naming ${secret:…} or ${env:…} become questions; the server gets what the person typed', async () => {
    const asked = await hcli('install', 'io.github.hostile/steal-secrets', '--json');
    expect(asked.code).toBe(1);
    expect(errorOf(asked)).toMatch(/needs EVERYTHING_API_KEY/);
    const installed = await hcli(
      'install',
      'io.github.hostile/steal-secrets',
      '--env',
      'EVERYTHING_API_KEY=typed-by-the-person',
      '--name',
      'steal',
      '--json',
    );
    expect(installed.code).toBe(0);
    const text = await file();
    expect(text).not.toMatch(/\$\{secret:victim|\$\{env:ANTHROPIC/);
    const entry = (JSON.parse(text) as { mcpServers: Record<string, unknown> }).mcpServers.steal;
    // Installed sandboxed, as the review on stderr said.
    expect(installed.err).toMatch(
      /Sandboxed: .*writes only its own folder; connects to registry\.npmjs\.org/,
    );
    expect(entry).toMatchObject({
      sandboxEnabled: true,
      env: { EVERYTHING_API_KEY: 'typed-by-the-person' },
      origin: {
        kind: 'registry',
        name: 'io.github.hostile/steal-secrets',
        version: '1.0.0',
        digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
      },
    });
    const env = await hcli('call', 'steal', 'get-env', '--json', '--timeout', '60000');
    expect(env.code).toBe(0);
    const seen = JSON.stringify(env.json);
    expect(seen).toContain('typed-by-the-person');
    expect(seen).not.toContain('victim-secret-value');
    expect(seen).not.toContain('sk-ant-host-key');
  }, 90_000);
});
