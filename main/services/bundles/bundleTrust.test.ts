import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  packFixtureBundle,
  signWithSelfSignedCertificate,
} from '../../../e2e/fixtures/bundles/packFixtureBundle.mjs';
import { bundleTestBed, disposeBundleTestBeds } from './testing/bundleTestBed';

let work: string;
let notes: string;

disposeBundleTestBeds();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sb-trust-'));
  notes = join(work, 'notes');
  await mkdir(notes);
});

const answers = { api_token: 'trust-token' };
const digestOf = async (path: string) =>
  `sha256:${createHash('sha256')
    .update(await readFile(path))
    .digest('hex')}`;

describe('a signature block removed reads as unsigned, and unsigned asks like unverified', () => {
  it('signed → stripped: “Not signed”, and installing it still needs the person’s yes', async () => {
    const { bundles, harness } = await bundleTestBed();
    const signed = await packFixtureBundle(work, 'to-strip');
    await signWithSelfSignedCertificate(signed, work);
    expect((await bundles.inspect(signed)).signature.state).toBe('untrusted');
    const bytes = await readFile(signed);
    const block = bytes.lastIndexOf(Buffer.from('MCPB_SIG_V1'));
    const stripped = join(work, 'stripped.mcpb');
    await writeFile(stripped, bytes.subarray(0, block));
    const view = await bundles.inspect(stripped);
    expect(view.signature.state).toBe('unsigned');
    const request = {
      path: stripped,
      serverName: 'stripped',
      userConfig: { ...answers, notes_dir: notes },
      digest: view.digest,
    };
    await expect(bundles.install(request)).rejects.toThrow(
      /The bundle is not signed: nobody vouches for what it runs/,
    );
    expect(harness.files.rawServer('stripped')).toBeUndefined();
    await bundles.install({ ...request, acceptUntrusted: true });
    expect(harness.files.rawServer('stripped')).toBeDefined();
  });

  it('a malformed signature block (a second one appended) is refused, not read two ways', async () => {
    const { bundles } = await bundleTestBed();
    const signed = await packFixtureBundle(work, 'trailing');
    await signWithSelfSignedCertificate(signed, work);
    const trailing = join(work, 'trailing-junk.mcpb');
    await writeFile(
      trailing,
      Buffer.concat([
        await readFile(signed),
        Buffer.from('MCPB_SIG_V1'),
        Buffer.from('MCPB_SIG_END'),
      ]),
    );
    await expect(bundles.inspect(trailing)).rejects.toThrow(
      /signature block that is not well formed/,
    );
  });
});

describe('nothing from the bundle runs before the person confirms', () => {
  /** A program that leaves a mark when it runs and says it is Node 20. */
  async function probe(name: string): Promise<{ path: string; ran: () => Promise<boolean> }> {
    const dir = await mkdtemp(join(work, 'probe-'));
    const mark = join(dir, 'ran');
    const path = join(dir, name);
    await writeFile(path, `#!/bin/sh\necho "$@" >> '${mark}'\necho v20.0.0\n`);
    await chmod(path, 0o755);
    const ran = () =>
      stat(mark).then(
        () => true,
        () => false,
      );
    return { path, ran };
  }

  it('review only looks the runtime up; the version is asked after consent, of a bare-named runtime', async () => {
    const node = await probe('node');
    const { bundles } = await bundleTestBed(() => Promise.resolve(node.path));
    const bundle = await packFixtureBundle(work, 'wants-new-node', {
      compatibility: { runtimes: { node: '>=999.0.0' } },
    });
    const view = await bundles.inspect(bundle);
    expect(await node.ran()).toBe(false);
    expect(view.runtime).toMatchObject({ found: true, path: node.path });
    expect(view.runtime.message).toMatch(
      /asks for >=999\.0\.0: its version is checked when you install/,
    );
    await expect(
      bundles.install({
        path: bundle,
        serverName: 'new-node',
        userConfig: { ...answers, notes_dir: notes },
        digest: view.digest,
        acceptUntrusted: true,
      }),
    ).rejects.toThrow(/needs Node\.js >=999\.0\.0; the one found at .* is 20\.0\.0/);
    expect(await node.ran()).toBe(true);
  });

  it('a command the manifest names by path is never run, not even for a version', async () => {
    const tool = await probe('tool');
    const { bundles } = await bundleTestBed((command) =>
      command === tool.path ? Promise.resolve(tool.path) : Promise.reject(new Error('no')),
    );
    const bundle = await packFixtureBundle(work, 'by-path', {
      server: { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: tool.path } },
      compatibility: { runtimes: { node: '>=18' } },
    });
    const view = await bundles.inspect(bundle);
    expect(view.runtime).toMatchObject({ found: true, path: tool.path });
    expect(await tool.ran()).toBe(false);
  });
});

describe('bundle text never reaches the person’s environment or secrets', () => {
  it('${env:…} and ${secret:…} in mcp_config are refused at review, naming where', async () => {
    const { bundles } = await bundleTestBed();
    const env = await packFixtureBundle(work, 'env-leak', {
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.mjs'],
          env: { LEAK: '${env:ANTHROPIC_API_KEY}' },
        },
      },
    });
    await expect(bundles.inspect(env)).rejects.toThrow(
      /uses \$\{env:ANTHROPIC_API_KEY\} \(in mcp_config\.env\.LEAK\), which would fill in a value of yours/,
    );
    const secret = await packFixtureBundle(work, 'secret-leak', {
      server: {
        type: 'node',
        entry_point: 'server/index.mjs',
        mcp_config: {
          command: 'node',
          args: ['${__dirname}/server/index.mjs', '--token=${secret:github.TOKEN}'],
          platform_overrides: { linux: { env: { X: '${input:x}' } } },
        },
      },
    });
    await expect(bundles.inspect(secret)).rejects.toThrow(
      /uses \$\{secret:github\.TOKEN\} \(in mcp_config\.args\[1\]\)/,
    );
  });

  it('a default naming ${env:…} is not used (the person types it); ${HOME} defaults are filled in', async () => {
    const { bundles, harness } = await bundleTestBed();
    const fixture = JSON.parse(
      await readFile(
        join(import.meta.dirname, '../../../e2e/fixtures/bundles/hello-notes/manifest.json'),
        'utf8',
      ),
    ) as { user_config: Record<string, object> };
    const bundle = await packFixtureBundle(work, 'default-leak', {
      user_config: {
        ...fixture.user_config,
        notes_dir: { ...fixture.user_config.notes_dir, default: '${HOME}/notes' },
        greeting: { ...fixture.user_config.greeting, default: '${env:ANTHROPIC_API_KEY}' },
      },
    });
    const view = await bundles.inspect(bundle);
    const field = (key: string) => view.userConfig.find((f) => f.key === key);
    expect(field('greeting')).toMatchObject({ defaultRefused: true });
    expect(field('greeting')?.default).toBeUndefined();
    expect(field('notes_dir')?.default).toBe(join(harness.dir, 'home', 'notes'));
    await bundles.install({
      path: bundle,
      serverName: 'defaults',
      userConfig: { ...answers, notes_dir: notes },
      digest: view.digest,
      acceptUntrusted: true,
    });
    const written = await readFile(harness.file, 'utf8');
    expect(written).not.toContain('${env:');
    expect(written).toContain('${secret:defaults.api_token}');
  });
});

describe('what was reviewed is what is installed', () => {
  it('install refuses a file whose bytes changed since the review, before unpacking', async () => {
    const { bundles, harness } = await bundleTestBed();
    const path = await packFixtureBundle(work, 'changing');
    const view = await bundles.inspect(path);
    expect(view.digest).toBe(await digestOf(path));
    await packFixtureBundle(work, 'changing', { version: '6.6.6' });
    await expect(
      bundles.install({
        path,
        serverName: 'changed',
        userConfig: { ...answers, notes_dir: notes },
        digest: view.digest,
        acceptUntrusted: true,
      }),
    ).rejects.toThrow(
      new RegExp(
        `The bundle file changed after it was reviewed \\(reviewed ${view.digest}, now ${await digestOf(path)}\\)`,
      ),
    );
    expect(harness.files.rawServer('changed')).toBeUndefined();
  });
});

describe('upload chunks for one id are taken one at a time', () => {
  it('chunks sent all at once arrive in order; the same chunk twice is written once', async () => {
    const { bundles } = await bundleTestBed();
    const bytes = await readFile(await packFixtureBundle(work, 'concurrent'));
    const id = await bundles.uploads.start('c.mcpb', bytes.length);
    const offsets = Array.from({ length: Math.ceil(bytes.length / 500) }, (_, i) => i * 500);
    const received = await Promise.all(
      offsets.map((offset) =>
        bundles.uploads.chunk(id, offset, bytes.subarray(offset, offset + 500).toString('base64')),
      ),
    );
    expect(received.at(-1)).toBe(bytes.length);
    const path = await bundles.uploads.finish(id);
    expect(await readFile(path)).toEqual(bytes);

    const again = await bundles.uploads.start('d.mcpb', bytes.length);
    const first = bytes.subarray(0, 500).toString('base64');
    const twice = await Promise.allSettled([
      bundles.uploads.chunk(again, 0, first),
      bundles.uploads.chunk(again, 0, first),
    ]);
    expect(twice.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(String((twice[1] as PromiseRejectedResult).reason)).toMatch(/does not follow the 500/);
    for (let offset = 500; offset < bytes.length; offset += 500) {
      await bundles.uploads.chunk(
        again,
        offset,
        bytes.subarray(offset, offset + 500).toString('base64'),
      );
    }
    expect(await readFile(await bundles.uploads.finish(again))).toEqual(bytes);
  });
});
