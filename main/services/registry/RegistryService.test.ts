import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness } from '../mcp/testing/McpHarness';
import { ServerSecrets } from '../secrets/ServerSecrets';
import { resolveCommand } from '../mcp/launch/resolveCommand';
import { RegistryService, type RegistryInstallResult } from './RegistryService';
import type { RegistryInstallRequest } from '../../../shared/domain/registryViews';
import { emptySandboxForm } from '../../../shared/domain/serverForm';
import { offlineNpmHome } from '../../../e2e/fixtures/offlineNpmHome.mjs';

let registry: FakeRegistry;
let harness: McpHarness | undefined;
let store: MemorySecretStore;

beforeAll(async () => {
  registry = await startFakeRegistry({ pageSize: 3 });
});
afterAll(async () => {
  await registry.close();
});
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

async function setup(): Promise<{ service: RegistryService; harness: McpHarness }> {
  store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  const home = await offlineNpmHome();
  harness = await McpHarness.start(
    {},
    {},
    { secrets, env: { PATH: process.env.PATH, HOME: home } },
  );
  const service = new RegistryService({
    baseUrl: () => registry.url,
    files: harness.files,
    secrets,
  });
  return { service, harness };
}

/** What a person does: open the review of that version, then install from it. */
async function reviewAndInstall(
  service: RegistryService,
  request: Omit<RegistryInstallRequest, 'digest'>,
): Promise<RegistryInstallResult> {
  const review = await service.review(request.name, request.version);
  return service.install({ ...request, digest: review.digest });
}

describe('MCP Registry: search', () => {
  it('pages through latest versions with the documented query and cursors', async () => {
    const { service } = await setup();
    const first = await service.search('');
    expect(first.servers).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const request = registry.requests.at(-1);
    expect(request).toMatchObject({
      path: '/v0.1/servers',
      query: { version: 'latest', limit: '30' },
    });
    const all = await service.searchAll('');
    // Eight documents, one of them an older version that `version=latest` leaves out.
    expect(all.map((s) => s.name)).toHaveLength(7);
    expect(all.filter((s) => s.name.endsWith('server-everything')).map((s) => s.version)).toEqual([
      '2026.8.31',
    ]);
    const found = await service.search('GitHub-MCP');
    expect(found.servers.map((s) => s.name)).toEqual(['io.github.github/github-mcp-server']);
  });

  it('shows packages, remotes and what each asks; flags documents that break the schema', async () => {
    const { service } = await setup();
    const all = await service.searchAll('');
    const github = all.find((s) => s.name === 'io.github.github/github-mcp-server');
    expect(github?.options.map((o) => [o.kind, o.type, o.supported])).toEqual([
      ['package', 'oci', true],
      ['remote', 'streamable-http', true],
    ]);
    expect(github?.options[0]?.preview).toBe(
      'docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN -e GITHUB_TOOLSETS ghcr.io/github/github-mcp-server:0.20.1',
    );
    expect(github?.options[0]?.inputs).toEqual([
      expect.objectContaining({
        id: 'env:GITHUB_PERSONAL_ACCESS_TOKEN',
        required: true,
        secret: true,
      }),
      expect.objectContaining({
        id: 'env:GITHUB_TOOLSETS',
        required: false,
        default: 'repos,issues',
      }),
    ]);
    const broken = all.find((s) => s.name === 'broken-name-without-namespace');
    expect(broken?.valid).toBe(false);
    expect(broken?.options).toEqual([]);
    expect(broken?.problems.join(' ')).toMatch(/version|pattern/);
    const bundle = all.find((s) => s.name === 'io.github.example/weather-bundle');
    expect(bundle?.options[0]).toMatchObject({
      supported: false,
      unsupportedReason: expect.stringMatching(/Install bundle/) as unknown,
    });
  });

  it('marks options whose runner is not on this computer, looked up on the PATH without running it', async () => {
    const { harness: h } = await setup();
    const bin = await mkdtemp(join(tmpdir(), 'sb-runners-'));
    // Only npx here: never run (an executable that would fail loudly if it were).
    await writeFile(join(bin, 'npx'), '#!/bin/sh\nexit 99\n', { mode: 0o755 });
    const service = new RegistryService({
      baseUrl: () => registry.url,
      files: h.files,
      secrets: new ServerSecrets(store),
      findCommand: (command) => Promise.resolve(resolveCommand(command, { PATH: bin })),
    });
    const all = await service.searchAll('');
    const options = all.flatMap((s) => s.options);
    const runnerOf = (type: string) => options.find((o) => o.type === type)?.runnerMissing;
    expect(runnerOf('npm')).toBeUndefined();
    expect(runnerOf('pypi')).toBe('uvx');
    expect(runnerOf('oci')).toBe('docker');
    expect(options.find((o) => o.kind === 'remote')?.runnerMissing).toBeUndefined();
    // The review shows the same.
    const github = await service.review('io.github.github/github-mcp-server', 'latest');
    expect(github.server.options[0]?.runnerMissing).toBe('docker');
  });
});

describe('MCP Registry: install', () => {
  it('npm: writes npx -y pkg@version, keeps the secret in the store only, and the server starts offline', async () => {
    const { service, harness } = await setup();
    await expect(
      reviewAndInstall(service, {
        name: 'io.github.modelcontextprotocol/server-everything',
        version: '2026.8.31',
        option: 0,
        serverName: 'everything',
        values: {},
      }),
    ).rejects.toThrow(/needs EVERYTHING_API_KEY/);
    const result = await reviewAndInstall(service, {
      name: 'io.github.modelcontextprotocol/server-everything',
      version: '2026.8.31',
      option: 0,
      serverName: 'everything',
      values: { 'env:EVERYTHING_API_KEY': 'sk-live-1234', EVERYTHING_REGION: 'us' },
    });
    expect(result.secrets).toEqual(['everything.EVERYTHING_API_KEY']);
    const file = JSON.parse(await readFile(harness.file, 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(file.mcpServers.everything).toEqual({
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31', 'stdio'],
      env: {
        EVERYTHING_API_KEY: '${secret:everything.EVERYTHING_API_KEY}',
        EVERYTHING_REGION: 'us',
      },
      // Sandboxed by default; npx may fetch the package from npm's registry, nothing else.
      sandboxEnabled: true,
      sandbox: { network: { allowedDomains: ['registry.npmjs.org'] } },
      origin: {
        kind: 'registry',
        name: 'io.github.modelcontextprotocol/server-everything',
        version: '2026.8.31',
        digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
        secrets: ['everything.EVERYTHING_API_KEY'],
      },
    });
    expect(await readFile(harness.file, 'utf8')).not.toContain('sk-live-1234');
    expect(await store.get('server-secret:everything.EVERYTHING_API_KEY')).toBe('sk-live-1234');
    await harness.until('everything', 'ready', 60_000);
    const env = await harness.mcp.supervisor('everything').callTool('get-env', {});
    expect(JSON.stringify(env.content)).toContain('sk-live-1234');
  }, 90_000);

  it('PyPI, OCI and remotes: the entries are written as their runners expect', async () => {
    const { service, harness } = await setup();
    const timeReview = await service.review('io.github.modelcontextprotocol/time', '0.6.2');
    const offered = timeReview.plans[0]?.sandbox;
    expect(offered).toEqual({
      ...emptySandboxForm,
      enabled: true,
      allowedDomains: ['pypi.org', 'files.pythonhosted.org'],
    });
    // The person widens the offered sandbox in the review; the entry says what they chose.
    await service.install({
      name: 'io.github.modelcontextprotocol/time',
      version: '0.6.2',
      digest: timeReview.digest,
      option: 0,
      serverName: 'time',
      values: {},
      sandbox: { ...emptySandboxForm, ...offered, allowWrite: ['~/time'] },
    });
    await reviewAndInstall(service, {
      name: 'io.github.github/github-mcp-server',
      version: '0.20.1',
      option: 0,
      serverName: 'github',
      values: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' },
    });
    await reviewAndInstall(service, {
      name: 'io.github.github/github-mcp-server',
      version: '0.20.1',
      option: 1,
      serverName: 'github-remote',
      values: { 'Authorization {token}': 'ghp_remote' },
    });
    await expect(
      reviewAndInstall(service, {
        name: 'com.example.acme/tenant-notes',
        version: '1.4.0',
        option: 0,
        serverName: 'acme',
        values: { 'X-Acme-Key': 'k', 'X-Acme-Tenant {tenant_id}': 'mars-1' },
      }),
    ).rejects.toThrow(/Not an allowed value: X-Acme-Tenant \{tenant_id\}: mars-1/);
    await reviewAndInstall(service, {
      name: 'com.example.acme/tenant-notes',
      version: '1.4.0',
      option: 0,
      serverName: 'acme',
      values: { 'X-Acme-Key': 'acme-key', 'X-Acme-Tenant {tenant_id}': 'eu-1', path: 'eu/mcp' },
    });
    const file = JSON.parse(await readFile(harness.file, 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(file.mcpServers).toMatchObject({
      time: {
        command: 'uvx',
        args: ['mcp-server-time==0.6.2', '--local-timezone', 'UTC'],
        sandboxEnabled: true,
        sandbox: {
          filesystem: { allowWrite: ['~/time'] },
          network: { allowedDomains: ['pypi.org', 'files.pythonhosted.org'] },
        },
      },
      github: {
        command: 'docker',
        args: [
          'run',
          '-i',
          '--rm',
          '-e',
          'GITHUB_PERSONAL_ACCESS_TOKEN',
          '-e',
          'GITHUB_TOOLSETS',
          'ghcr.io/github/github-mcp-server:0.20.1',
        ],
        env: {
          GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:github.GITHUB_PERSONAL_ACCESS_TOKEN}',
          GITHUB_TOOLSETS: 'repos,issues',
        },
      },
      'github-remote': {
        type: 'http',
        url: 'https://api.githubcopilot.com/mcp/',
        headers: { Authorization: '${secret:github-remote.header.Authorization}' },
      },
      acme: {
        type: 'http',
        url: 'http://127.0.0.1:9/eu/mcp',
        headers: {
          'X-Acme-Key': '${secret:acme.header.X-Acme-Key}',
          'X-Acme-Tenant': 'tenant-eu-1',
        },
      },
    });
    // A container and remotes run elsewhere: no sandbox keys are written for them.
    for (const name of ['github', 'github-remote', 'acme']) {
      expect(file.mcpServers[name]).not.toHaveProperty('sandboxEnabled');
      expect(file.mcpServers[name]).not.toHaveProperty('sandbox');
    }
    const text = await readFile(harness.file, 'utf8');
    for (const secret of ['ghp_secret', 'ghp_remote', 'acme-key'])
      expect(text).not.toContain(secret);
    expect(await store.get('server-secret:github-remote.header.Authorization')).toBe(
      'Bearer ghp_remote',
    );
  });

  it('refuses unsupported options and taken names without storing anything', async () => {
    const { service } = await setup();
    await expect(
      reviewAndInstall(service, {
        name: 'io.github.example/weather-bundle',
        version: '1.0.0',
        option: 0,
        serverName: 'w',
        values: {},
      }),
    ).rejects.toThrow(/Install bundle/);
    await reviewAndInstall(service, {
      name: 'io.github.modelcontextprotocol/time',
      version: '0.6.2',
      option: 0,
      serverName: 'time',
      values: {},
    });
    await expect(
      reviewAndInstall(service, {
        name: 'io.github.github/github-mcp-server',
        version: '0.20.1',
        option: 0,
        serverName: 'time',
        values: { GITHUB_PERSONAL_ACCESS_TOKEN: 'x' },
      }),
    ).rejects.toThrow(/already a server named “time”/);
    expect(store.names()).toEqual([]);
  });
});
