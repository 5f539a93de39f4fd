import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { hostileRegistry } from '../../../e2e/fixtures/fakeRegistry/hostileDocuments.mjs';
import { offlineNpmHome } from '../../../e2e/fixtures/offlineNpmHome.mjs';
import { AppError } from '../../../shared/errors';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness } from '../mcp/testing/McpHarness';
import { ServerSecrets } from '../secrets/ServerSecrets';
import { pinDocument } from './pinDocument';
import { RegistryService } from './RegistryService';

let normal: FakeRegistry;
let hostile: FakeRegistry;
let marker: string;
let harness: McpHarness | undefined;

beforeAll(async () => {
  marker = join(await mkdtemp(join(tmpdir(), 'sb-review-')), 'pwned');
  normal = await startFakeRegistry();
  hostile = await startFakeRegistry(hostileRegistry({ marker }));
});
afterAll(async () => {
  await normal.close();
  await hostile.close();
});
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

async function setup(registry: FakeRegistry) {
  const secrets = new ServerSecrets(new MemorySecretStore());
  harness = await McpHarness.start(
    {},
    {},
    { secrets, env: { PATH: process.env.PATH, HOME: await offlineNpmHome() } },
  );
  const service = new RegistryService({
    baseUrl: () => registry.url,
    files: harness.files,
    secrets,
  });
  return { service, file: harness.file };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('registry review: the version document, pinned, and everything it runs', () => {
  it('shows the exact version document, its digest and the source of every part', async () => {
    const { service } = await setup(normal);
    const review = await service.review(
      'io.github.modelcontextprotocol/server-everything',
      '2026.8.31',
    );
    const served = normal.requests.at(-1);
    expect(served?.path).toBe(
      '/v0.1/servers/io.github.modelcontextprotocol%2Fserver-everything/versions/2026.8.31',
    );
    const document = JSON.parse(review.document) as Record<string, unknown>;
    expect(review.digest).toBe(pinDocument(document, 'x').digest);
    expect(review.listingChanges).toBeUndefined();
    expect(review.plans[0]).toMatchObject({
      transport: 'stdio',
      command: { text: 'npx', source: 'switchboard' },
      args: [
        { text: '-y', source: 'switchboard' },
        { text: '@modelcontextprotocol/server-everything@2026.8.31', source: 'registry' },
        { text: 'stdio', source: 'registry' },
      ],
      env: [
        {
          name: 'EVERYTHING_API_KEY',
          value: {
            text: '<EVERYTHING_API_KEY>',
            source: 'secret',
            inputId: 'env:EVERYTHING_API_KEY',
          },
        },
        { name: 'EVERYTHING_REGION', value: { text: 'eu', source: 'default', optional: true } },
      ],
    });
    const remote = await service.review('com.example.acme/tenant-notes', '1.4.0');
    expect(remote.plans[0]).toMatchObject({
      transport: 'http',
      url: { text: 'http://127.0.0.1:9/mcp', source: 'template' },
      headers: [
        { name: 'X-Acme-Key', value: { text: '<X-Acme-Key>', source: 'secret' } },
        {
          name: 'X-Acme-Tenant',
          value: { text: 'tenant-<X-Acme-Tenant {tenant_id}>', source: 'template' },
        },
      ],
    });
  });

  it('the digest names the document, not the order or spacing it came in', () => {
    const a = pinDocument({ name: 'x', packages: [{ b: 1, a: 'é' }] }, 'x');
    const b = pinDocument(
      JSON.parse('{ "packages": [ {"a":"\\u00e9","b":1.0} ], "name": "x" }'),
      'x',
    );
    expect(a).toEqual(b);
    expect(a.digest).not.toBe(pinDocument({ name: 'y', packages: [{ b: 1, a: 'é' }] }, 'x').digest);
  });

  it('a version document that differs from the listing in what runs cannot be installed', async () => {
    const { service, file } = await setup(hostile);
    await service.search('swapped');
    const review = await service.review('io.github.hostile/swapped', '1.0.0');
    expect(review.listingChanges).toEqual(
      expect.arrayContaining([
        { path: 'packages[0].runtimeHint', before: '"npx"', after: '"sh"' },
        expect.objectContaining({ path: 'packages[0].runtimeArguments' }),
      ]),
    );
    // The review shows what the version document would run, and that it is refused.
    expect(review.plans[0]?.refused).toMatch(/“sh”/);
    const error = await refusal(
      service.install({
        name: 'io.github.hostile/swapped',
        version: '1.0.0',
        digest: review.digest,
        option: 0,
        serverName: 'swapped',
        values: {},
      }),
    );
    expect(error.message).toMatch(/differs from the listing you reviewed/);
    expect(error.data).toMatchObject({ changes: review.listingChanges });
    expect(await readFile(file, 'utf8')).not.toContain('swapped');
  });

  it('a document swapped after the review stops the install, with every changed field', async () => {
    const { service, file } = await setup(hostile);
    const review = await service.review('io.github.hostile/swapped-after-review', '1.0.0');
    expect(review.plans[0]?.refused).toBeUndefined();
    const error = await refusal(
      service.install({
        name: 'io.github.hostile/swapped-after-review',
        version: '1.0.0',
        digest: review.digest,
        option: 0,
        serverName: 'later',
        values: {},
      }),
    );
    expect(error.message).toMatch(/differs from the one you reviewed/);
    expect((error.data as { changes: { path: string }[] }).changes.map((c) => c.path)).toEqual([
      'packages[0].runtimeHint',
      'packages[0].packageArguments',
      'packages[0].runtimeArguments',
    ]);
    expect(await readFile(file, 'utf8')).not.toContain('later');
    expect(existsSync(marker)).toBe(false);
  });

  it('install names a reviewed digest: another one is refused', async () => {
    const { service } = await setup(normal);
    const error = await refusal(
      service.install({
        name: 'io.github.modelcontextprotocol/time',
        version: '0.6.2',
        digest: `sha256:${'0'.repeat(64)}`,
        option: 0,
        serverName: 'time',
        values: {},
      }),
    );
    expect(error.message).toMatch(/no longer kept here/);
  });

  it('registry values naming ${secret:…} or ${env:…} become questions without defaults', async () => {
    const { service, file } = await setup(hostile);
    const review = await service.review('io.github.hostile/steal-secrets', '1.0.0');
    const [pkg, remote] = review.server.options;
    expect(pkg?.inputs).toEqual([
      expect.objectContaining({
        id: 'env:EVERYTHING_API_KEY',
        required: true,
        registryValueRefused: true,
      }),
      expect.objectContaining({
        id: 'env:LEAKED_KEY',
        required: false,
        registryValueRefused: true,
      }),
    ]);
    expect(pkg?.inputs[1]).not.toHaveProperty('default');
    expect(remote?.inputs).toEqual([
      expect.objectContaining({
        id: 'header:Authorization',
        required: true,
        registryValueRefused: true,
      }),
    ]);
    expect(JSON.stringify(review.plans)).not.toContain('${');
    // The person's own `${env:NAME}` is theirs to wire, and recorded as such.
    await service.install({
      name: 'io.github.hostile/steal-secrets',
      version: '1.0.0',
      digest: review.digest,
      option: 1,
      serverName: 'remote',
      values: { Authorization: 'Bearer ${env:MY_OWN_TOKEN}' },
    });
    const entry = (
      JSON.parse(await readFile(file, 'utf8')) as { mcpServers: Record<string, unknown> }
    ).mcpServers.remote;
    expect(entry).toEqual({
      type: 'http',
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer ${env:MY_OWN_TOKEN}' },
      origin: {
        kind: 'registry',
        name: 'io.github.hostile/steal-secrets',
        version: '1.0.0',
        digest: review.digest,
        env: ['MY_OWN_TOKEN'],
      },
    });
  });
});
