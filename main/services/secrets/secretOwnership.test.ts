import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyServerForm, type ServerForm } from '../../../shared/domain/serverForm';
import { packFixtureBundle } from '../../../e2e/fixtures/bundles/packFixtureBundle.mjs';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { BundleService } from '../bundles/BundleService';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness, fixtureServer, nodeServer } from '../mcp/testing/McpHarness';
import { RegistryService } from '../registry/RegistryService';
import { ServerFormService } from '../serverForm/ServerFormService';
import { createSecretHandlers } from './createSecretHandlers';
import { ServerSecrets } from './ServerSecrets';

// Removing a server deletes only the secrets created for it (by the form, an install or an
// import) that no other entry refers to; secrets the person kept themselves stay. Real servers
// file, real fake registry, a real bundle.

let registry: FakeRegistry;
let bundle: string;
let harness: McpHarness | undefined;

beforeAll(async () => {
  registry = await startFakeRegistry({ pageSize: 3 });
  bundle = await packFixtureBundle(await mkdtemp(join(tmpdir(), 'sb-own-')), 'hello-notes');
}, 60_000);
afterAll(() => registry.close());
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const echo = fixtureServer('echo.mjs');

async function setup() {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  harness = await McpHarness.start({}, {}, { secrets });
  const h = harness;
  const forms = new ServerFormService({ files: h.files, mcp: h.mcp, secrets, env: {} });
  const installs = new RegistryService({ baseUrl: () => registry.url, files: h.files, secrets });
  const bundles = new BundleService({
    dataDir: h.dir,
    files: h.files,
    secrets,
    forms,
    findCommand: (command) => h.mcp.findCommand(command),
  });
  return { h, secrets, forms, installs, bundles, settings: createSecretHandlers(secrets) };
}

function echoForm(name: string, env: ServerForm['env']): ServerForm {
  return { ...emptyServerForm, name, command: process.execPath, args: [echo], env };
}

describe('removing a server deletes only the secrets it created', () => {
  it('a secret kept in Settings survives removing every server that used it', async () => {
    const { h, secrets, forms, settings } = await setup();
    await settings['secrets.set']({ name: 'shared-pat', value: 'the-persons-token' });
    await settings['secrets.set']({ name: 'github-pat', value: 'another-token' });
    const chosen = { name: 'TOKEN', value: '', secret: true, secretName: 'shared-pat' };
    await forms.save(echoForm('a', [chosen]));
    await forms.save(echoForm('b', [chosen]));
    // An entry from a registry naming a secret it was never given.
    await h.files.addServers({
      third: {
        ...nodeServer(echo),
        env: { TOKEN: '${secret:github-pat}' },
        origin: { kind: 'registry', name: 'io.example/third' },
      },
    });
    await forms.remove('a');
    await forms.remove('b');
    await forms.remove('third');
    expect(await secrets.names()).toEqual(['github-pat', 'shared-pat']);
    expect(await secrets.snapshot(['shared-pat'])).toEqual(
      new Map([['shared-pat', 'the-persons-token']]),
    );
  });

  it('what the form, an install and a bundle created goes with its server, unless still used', async () => {
    const { h, secrets, forms, installs, bundles } = await setup();
    await forms.save(echoForm('c', [{ name: 'TOKEN', value: 'typed-in-form', secret: true }]));
    expect(await secrets.owner('c.TOKEN')).toBe('c');
    const reviewed = await installs.review('io.github.github/github-mcp-server', '0.20.1');
    const installed = await installs.install({
      name: 'io.github.github/github-mcp-server',
      version: '0.20.1',
      digest: reviewed.digest,
      option: 1,
      serverName: 'github-remote',
      values: { 'Authorization {token}': 'ghp_remote' },
    });
    expect(installed.secrets.length).toBeGreaterThan(0);
    for (const name of installed.secrets) expect(await secrets.owner(name)).toBe('github-remote');
    const { digest } = await bundles.inspect(bundle);
    await bundles.install({
      path: bundle,
      digest,
      acceptUntrusted: true,
      serverName: 'notes',
      userConfig: { notes_dir: h.dir, api_token: 'notes-token-42' },
    });
    expect(await secrets.ownedBy('notes')).toEqual(['notes.api_token']);
    // Another entry the person wrote refers to the form's secret.
    await h.files.addServers({ d: { ...nodeServer(echo), env: { T: '${secret:c.TOKEN}' } } });

    await forms.remove('c');
    await forms.remove('github-remote');
    await bundles.uninstall('notes');
    expect(await secrets.names()).toEqual(['c.TOKEN']);
    // Still used by d, and nobody's now: removing d (which did not create it) keeps it too.
    expect(await secrets.owner('c.TOKEN')).toBeUndefined();
    await forms.remove('d');
    expect(await secrets.names()).toEqual(['c.TOKEN']);
  });

  it('renaming a server in the form moves what was created for it', async () => {
    const { secrets, forms } = await setup();
    await forms.save(echoForm('e', [{ name: 'TOKEN', value: 'typed', secret: true }]));
    const edit = await forms.get('e');
    await forms.save({ ...edit, name: 'f' }, 'e');
    expect(await secrets.owner('e.TOKEN')).toBe('f');
    expect(await secrets.ownedBy('e')).toEqual([]);
    await forms.remove('f');
    expect(await secrets.names()).toEqual([]);
  });

  it('a value typed over a secret that already existed does not make it the server’s', async () => {
    const { secrets, forms, settings } = await setup();
    await settings['secrets.set']({ name: 'kept', value: 'before' });
    await forms.save(
      echoForm('g', [{ name: 'TOKEN', value: 'after', secret: true, secretName: 'kept' }]),
    );
    expect(await secrets.owner('kept')).toBeUndefined();
    await forms.remove('g');
    expect(await secrets.names()).toEqual(['kept']);
  });
});

describe('editing an entry from a registry in the server form', () => {
  it('wires what the person writes; what the registry wrote stays unwired', async () => {
    const { h, secrets, forms } = await setup();
    await secrets.set('other.TOKEN', 'other-servers-token', { owner: 'other' });
    const report = join(h.dir, 'report.jsonl');
    await h.files.addServers({
      reg: {
        ...nodeServer(fixtureServer('leaky.mjs')),
        env: { LEAKY_ENV: 'A,C,D', LEAKY_REPORT: report, A: '${secret:other.TOKEN}' },
        origin: { kind: 'registry', name: 'io.example/reg', version: '1.0.0' },
      },
    });
    const edit = await forms.get('reg');
    const row = (name: string) => edit.env.find((r) => r.name === name);
    expect(row('A')).toMatchObject({ secret: true, secretName: 'other.TOKEN', stored: true });
    // The person adds a variable from their environment and a secret of their own.
    await forms.save(
      {
        ...edit,
        env: [
          ...edit.env,
          { name: 'C', value: '${env:PATH}', secret: false },
          { name: 'D', value: 'typed-secret', secret: true },
        ],
      },
      'reg',
    );
    const entry = h.files.rawServer('reg');
    expect(entry?.origin).toEqual({
      kind: 'registry',
      name: 'io.example/reg',
      version: '1.0.0',
      env: ['PATH'],
      secrets: ['reg.D'],
    });
    const failed = await h.until('reg', 'error');
    expect(failed.kind === 'error' && failed.failure.message).toContain(
      'env.A of “reg” refers to ${secret:other.TOKEN}, which it may not use',
    );

    // Typing a value into the registry's field stores it under the server's own name.
    const again = await forms.get('reg');
    await forms.save(
      {
        ...again,
        env: again.env.map((r) => (r.name === 'A' ? { ...r, value: 'persons-value' } : r)),
      },
      'reg',
    );
    expect(h.files.rawServer('reg')?.env).toMatchObject({ A: '${secret:reg.A}' });
    expect(await secrets.snapshot(['other.TOKEN'])).toEqual(
      new Map([['other.TOKEN', 'other-servers-token']]),
    );
    await h.until('reg', 'ready');
    expect(JSON.parse((await readFile(report, 'utf8')).trim())).toMatchObject({
      env: { A: 'persons-value', C: process.env.PATH, D: 'typed-secret' },
    });
  });
});
