import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness } from '../mcp/testing/McpHarness';
import { ServerSecrets } from '../secrets/ServerSecrets';
import { ServerFormService } from '../serverForm/ServerFormService';
import {
  BUNDLE_CHUNK_BASE64_MAX,
  MAX_BUNDLE_BYTES,
  bundleUploadChunkSchema,
  bundleUploadStartSchema,
} from '../../../shared/domain/bundleUpload';
import { emptySandboxForm } from '../../../shared/domain/serverForm';
import { BundleService } from './BundleService';
import {
  packFixtureBundle,
  signWithSelfSignedCertificate,
} from '../../../e2e/fixtures/bundles/packFixtureBundle.mjs';

let work: string;
let unsigned: string;
let signed: string;
let notes: string;
let harness: McpHarness | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sb-bundles-'));
  notes = join(work, 'notes');
  await mkdir(notes);
  unsigned = await packFixtureBundle(work, 'hello-notes');
  signed = await packFixtureBundle(work, 'hello-notes-signed', { manifest_version: '0.4' });
  await signWithSelfSignedCertificate(signed, work);
}, 60_000);

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

async function setup(findCommand?: (command: string) => Promise<string>) {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  const started = await McpHarness.start({}, {}, { secrets });
  harness = started;
  const forms = new ServerFormService({ files: harness.files, mcp: harness.mcp, secrets, env: {} });
  const bundles = new BundleService({
    dataDir: harness.dir,
    files: harness.files,
    secrets,
    forms,
    findCommand: findCommand ?? ((command) => started.mcp.findCommand(command)),
  });
  return { bundles, store, harness: started };
}

const answers = { notes_dir: '', api_token: 'notes-token-42' };

/** What the review of `path` gives as its digest. */
async function digestOf(path: string): Promise<string> {
  return `sha256:${createHash('sha256')
    .update(await readFile(path))
    .digest('hex')}`;
}

describe('.mcpb bundles', () => {
  it('shows what a bundle is: manifest, tools, prompts, user config, signature and runtime', async () => {
    const { bundles } = await setup();
    const view = await bundles.inspect(unsigned);
    expect(view).toMatchObject({
      name: 'hello-notes',
      displayName: 'Hello Notes',
      version: '1.2.0',
      manifestVersion: '0.3',
      author: { name: 'Fixture Author', email: 'author@example.com' },
      tools: [{ name: 'greet' }, { name: 'read_env' }],
      prompts: [{ name: 'summarize', description: 'Summarize the notes' }],
      signature: { state: 'unsigned' },
      runtime: { type: 'node', found: true },
      suggestedName: 'hello-notes',
      // Installs run sandboxed; this manifest declares no rules, so the defaults are offered.
      sandbox: { ...emptySandboxForm, enabled: true },
    });
    expect(view.userConfig.map((f) => [f.key, f.type, f.required, f.sensitive])).toEqual([
      ['notes_dir', 'directory', true, false],
      ['api_token', 'string', true, true],
      ['greeting', 'string', false, false],
    ]);
    const signedView = await bundles.inspect(signed);
    // Signed with a certificate no one trusts: the signature is there, but it is not verified.
    expect(signedView.signature.state).toBe('untrusted');
    expect(signedView.manifestVersion).toBe('0.4');
  });

  it('offers the sandbox its manifest declares; an invalid declaration leaves the defaults', async () => {
    const { bundles } = await setup();
    const rules = {
      filesystem: { allowWrite: ['~/notes'] },
      network: { allowedDomains: ['api.notes.example'] },
    };
    const declared = await packFixtureBundle(work, 'hello-notes-declared', {
      _meta: { 'dev.switchboard': { sandbox: rules } },
    });
    expect((await bundles.inspect(declared)).sandbox).toEqual({
      ...emptySandboxForm,
      enabled: true,
      allowWrite: ['~/notes'],
      allowedDomains: ['api.notes.example'],
    });
    const invalid = await packFixtureBundle(work, 'hello-notes-wide', {
      _meta: { 'dev.switchboard': { sandbox: { network: { allowedDomains: ['*'] } } } },
    });
    expect((await bundles.inspect(invalid)).sandbox).toEqual({
      ...emptySandboxForm,
      enabled: true,
    });
  });

  it('refuses a file that is not a bundle', async () => {
    const { bundles } = await setup();
    const notABundle = join(work, 'notes.txt');
    await writeFile(notABundle, 'just text');
    await expect(bundles.inspect(notABundle)).rejects.toThrow(/not a readable \.mcpb archive/);
  });

  it('installs: user config checked, secret to the store, unpacked into the data folder, started, then uninstalled', async () => {
    const { bundles, store, harness } = await setup();
    await expect(
      bundles.install({
        path: unsigned,
        serverName: 'notes',
        userConfig: {},
        digest: await digestOf(unsigned),
        acceptUntrusted: true,
      }),
    ).rejects.toThrow(/needs Notes folder \(notes_dir\), API token \(api_token\)/);
    await expect(
      bundles.install({
        path: unsigned,
        serverName: 'notes',
        userConfig: { ...answers, notes_dir: join(work, 'nope') },
        digest: await digestOf(unsigned),
        acceptUntrusted: true,
      }),
    ).rejects.toThrow(/does not exist/);
    const result = await bundles.install({
      path: unsigned,
      serverName: 'notes',
      userConfig: { ...answers, notes_dir: notes },
      digest: await digestOf(unsigned),
      acceptUntrusted: true,
      // The person widened the offered sandbox in the review: the notes folder may be written.
      sandbox: { ...emptySandboxForm, enabled: true, allowWrite: [notes] },
    });
    expect(result.directory).toBe(join(harness.dir, 'bundles', 'notes'));
    expect((await stat(join(result.directory, 'server', 'index.mjs'))).isFile()).toBe(true);
    const file = await readFile(harness.file, 'utf8');
    expect(file).not.toContain('notes-token-42');
    expect(JSON.parse(file)).toEqual({
      mcpServers: {
        notes: {
          command: 'node',
          args: [join(result.directory, 'server', 'index.mjs'), '--notes', notes],
          env: { NOTES_TOKEN: '${secret:notes.api_token}', GREETING: 'Hello' },
          sandboxEnabled: true,
          sandbox: { filesystem: { allowWrite: [notes] } },
          origin: {
            kind: 'bundle',
            name: 'hello-notes',
            version: '1.2.0',
            digest: await digestOf(unsigned),
            secrets: ['notes.api_token'],
          },
        },
      },
    });
    expect(await store.get('server-secret:notes.api_token')).toBe('notes-token-42');
    await harness.until('notes', 'ready');
    const greet = await harness.mcp
      .supervisor('notes')
      .callTool('read_env', { name: 'NOTES_TOKEN' });
    expect(JSON.stringify(greet.content)).toContain('notes-token-42');
    expect(await bundles.list()).toEqual([
      expect.objectContaining({ serverName: 'notes', name: 'hello-notes', signature: 'unsigned' }),
    ]);

    await bundles.uninstall('notes');
    expect(JSON.parse(await readFile(harness.file, 'utf8'))).toEqual({ mcpServers: {} });
    await expect(stat(result.directory)).rejects.toThrow(/ENOENT/);
    expect(store.names()).toEqual([]);
    expect(await bundles.list()).toEqual([]);
  });

  it('an untrusted signature needs the person’s consent; a missing Node.js is said plainly', async () => {
    const { bundles, harness } = await setup();
    await expect(
      bundles.install({
        path: signed,
        serverName: 'signed',
        userConfig: { ...answers, notes_dir: notes },
        digest: await digestOf(signed),
      }),
    ).rejects.toThrow(/could not be verified on this computer/);
    await bundles.install({
      path: signed,
      serverName: 'signed',
      userConfig: { ...answers, notes_dir: notes },
      digest: await digestOf(signed),
      acceptUntrusted: true,
    });
    await harness.until('signed', 'ready');
    expect(await bundles.list()).toEqual([expect.objectContaining({ signature: 'untrusted' })]);

    const { bundles: noNode } = await setup(() =>
      Promise.reject(
        new Error("Command 'node' was not found. Looked in: /usr/local/bin, /usr/bin."),
      ),
    );
    const view = await noNode.inspect(unsigned);
    expect(view.runtime).toMatchObject({ found: false });
    expect(view.runtime.message).toMatch(
      /needs Node\.js .*none was found on this computer.*Looked in: \/usr\/local\/bin/,
    );
    await expect(
      noNode.install({
        path: unsigned,
        serverName: 'x',
        userConfig: { ...answers, notes_dir: notes },
        digest: await digestOf(unsigned),
        acceptUntrusted: true,
      }),
    ).rejects.toThrow(/needs Node\.js/);
  });
});

describe('a dropped .mcpb: bytes in chunks into staging, then the same review and install', () => {
  async function upload(bundles: BundleService, bytes: Buffer, name = 'dropped.mcpb') {
    const id = await bundles.uploads.start(name, bytes.length);
    // Small chunks, so the file really arrives in pieces.
    for (let offset = 0; offset < bytes.length; offset += 500) {
      const chunk = bytes.subarray(offset, offset + 500).toString('base64');
      expect(await bundles.uploads.chunk(id, offset, chunk)).toBe(
        Math.min(bytes.length, offset + 500),
      );
    }
    return bundles.inspectUpload(id);
  }

  const staged = (dir: string) => readdir(join(dir, 'bundles', '.staging')).catch(() => []);

  it('is reviewed from its staging file and installed from it; the staging file then goes', async () => {
    const { bundles, harness } = await setup();
    const bytes = await readFile(unsigned);
    expect(bytes.length).toBeGreaterThan(1000);
    const view = await upload(bundles, bytes);
    expect(view).toMatchObject({ name: 'hello-notes', signature: { state: 'unsigned' } });
    expect(view.path.startsWith(join(harness.dir, 'bundles', '.staging'))).toBe(true);
    expect(await readFile(view.path)).toEqual(bytes);
    const result = await bundles.install({
      path: view.path,
      serverName: 'dropped',
      userConfig: { ...answers, notes_dir: notes },
      digest: view.digest,
      acceptUntrusted: true,
    });
    await harness.until('dropped', 'ready');
    expect(result.directory).toBe(join(harness.dir, 'bundles', 'dropped'));
    expect(await staged(harness.dir)).toEqual([]);
  });

  it('a closed review discards the dropped file, never a file opened by path', async () => {
    const { bundles, harness } = await setup();
    const view = await upload(bundles, await readFile(unsigned));
    expect(await staged(harness.dir)).toHaveLength(1);
    await bundles.discard(view.path);
    expect(await staged(harness.dir)).toEqual([]);
    await bundles.discard(unsigned);
    expect((await stat(unsigned)).isFile()).toBe(true);
  });

  it('says what is wrong: not .mcpb, out of order, more or fewer bytes, not a bundle, too large', async () => {
    const { bundles, harness } = await setup();
    await expect(bundles.uploads.start('notes.zip', 10)).rejects.toThrow(
      '“notes.zip” is not an .mcpb bundle: its name does not end in .mcpb.',
    );
    await expect(bundles.uploads.start('big.mcpb', MAX_BUNDLE_BYTES + 1)).rejects.toThrow(
      'The bundle is 200 MB; this app reads bundles up to 200 MB.',
    );
    const id = await bundles.uploads.start('a.mcpb', 4);
    await expect(bundles.uploads.chunk(id, 2, 'AAA=')).rejects.toThrow(/does not follow the 0/);
    await expect(bundles.uploads.chunk(id, 0, 'AAAAAAAA')).rejects.toThrow(/More bytes/);
    const short = await bundles.uploads.start('b.mcpb', 4);
    await bundles.uploads.chunk(short, 0, 'AAA=');
    await expect(bundles.inspectUpload(short)).rejects.toThrow('Only 2 of 4 bytes arrived');
    await expect(upload(bundles, Buffer.from('just text'))).rejects.toThrow(
      /not a readable \.mcpb archive/,
    );
    expect(await staged(harness.dir)).toEqual([]);
    // The same cap for a file opened by path (sparse: nothing is written).
    const huge = join(work, 'huge.mcpb');
    await truncate(huge, MAX_BUNDLE_BYTES + 1).catch(async () => {
      await writeFile(huge, '');
      await truncate(huge, MAX_BUNDLE_BYTES + 1);
    });
    await expect(bundles.inspect(huge)).rejects.toThrow(/this app reads bundles up to 200 MB/);
    // And the contract refuses such sizes and chunks before any handler runs.
    expect(
      bundleUploadStartSchema.safeParse({ name: 'a.mcpb', size: MAX_BUNDLE_BYTES + 1 }).success,
    ).toBe(false);
    expect(
      bundleUploadChunkSchema.safeParse({
        uploadId: 'u',
        offset: 0,
        data: 'A'.repeat(BUNDLE_CHUNK_BASE64_MAX + 4),
      }).success,
    ).toBe(false);
  });
});

describe('bundle staging left behind', () => {
  it('at start, entries of processes that are gone (a crash mid-unpack, a review left open) go; a running process’s stay', async () => {
    const { harness } = await setup();
    const root = join(harness.dir, 'bundles');
    const dir = join(root, '.staging');
    await mkdir(join(dir, '4000001-aaaa', 'server'), { recursive: true });
    await writeFile(join(dir, '4000001-aaaa', 'server', 'index.mjs'), 'half');
    await writeFile(join(dir, '4000002-bbbb.mcpb'), 'dropped, never reviewed');
    await writeFile(join(dir, `${String(process.pid)}-cccc.mcpb`), 'a previous run, same pid');
    await mkdir(join(dir, '4000003-dddd'));
    await mkdir(join(root, '.staging-0123abcd'), { recursive: true });
    const alive = new Set([4000003]);
    const bundles = new BundleService({
      dataDir: harness.dir,
      files: harness.files,
      secrets: new ServerSecrets(new MemorySecretStore()),
      forms: new ServerFormService({
        files: harness.files,
        mcp: harness.mcp,
        secrets: new ServerSecrets(new MemorySecretStore()),
        env: {},
      }),
      findCommand: (command) => harness.mcp.findCommand(command),
      isAlive: (pid) => alive.has(pid),
    });
    // A file dropped by this process before the cleanup ran is its own: it stays.
    const early = await bundles.uploads.start('early.mcpb', 1);
    expect(await bundles.cleanStaging()).toBe(4);
    const left = await readdir(dir);
    expect(left.filter((n) => n !== '4000003-dddd')).toEqual([
      expect.stringMatching(new RegExp(`^${String(process.pid)}-[0-9a-f]{12}\\.mcpb$`)),
    ]);
    expect(left).toContain('4000003-dddd');
    expect(await bundles.uploads.chunk(early, 0, 'AA==')).toBe(1);
    expect((await readdir(root)).filter((n) => n.startsWith('.staging-'))).toEqual([]);
  });
});
