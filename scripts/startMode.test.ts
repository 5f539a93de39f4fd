import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InstallEvent } from './installElectron.mjs';
import { createInstallProgress } from './installProgress.mjs';
import { decideStart, electronBinary } from './startMode.mjs';

const modules = fileURLToPath(new URL('../node_modules/', import.meta.url));
const { version } = JSON.parse(
  await readFile(join(modules, 'electron', 'package.json'), 'utf8'),
) as { version: string };
/** The file @electron/get asks for on this machine (the installer runs for the host platform). */
const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;

/** A file system holding exactly these files. */
const fs = (files: Record<string, string>) => ({
  exists: (path: string) => path in files,
  read: (path: string) => files[path] ?? '',
});
const installed = fs({
  '/repo/node_modules/electron/path.txt': 'electron',
  '/repo/node_modules/electron/dist/electron': '',
});
const noInstall = () => Promise.reject(new Error('the installer must not run here'));

describe('npm start: the decision without a download', () => {
  it('runs Electron when its binary is present and there is a display, without installing', async () => {
    const root = '/repo';
    await expect(
      decideStart({
        root,
        env: { DISPLAY: ':0' },
        platform: 'linux',
        ...installed,
        install: noInstall,
      }),
    ).resolves.toEqual({ mode: 'electron', binary: '/repo/node_modules/electron/dist/electron' });
    await expect(
      decideStart({ root, env: {}, platform: 'darwin', ...installed, install: noInstall }),
    ).resolves.toMatchObject({ mode: 'electron' });
  });

  it('uses the browser on Linux without a display, and downloads nothing', async () => {
    const choice = await decideStart({
      root: '/repo',
      env: {},
      platform: 'linux',
      ...fs({}),
      install: noInstall,
    });
    expect(choice).toEqual({
      mode: 'web',
      reason: expect.stringMatching(/^No display/) as unknown,
    });
    await expect(
      decideStart({
        root: '/repo',
        env: { WAYLAND_DISPLAY: 'wayland-0' },
        platform: 'linux',
        ...installed,
        install: noInstall,
      }),
    ).resolves.toMatchObject({ mode: 'electron' });
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', async () => {
    const env = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron', DISPLAY: ':0' };
    const files = fs({ '/opt/electron/electron': '' });
    // start.mjs runs this binary on the built app.
    await expect(
      decideStart({ root: '/repo', env, platform: 'linux', ...files, install: noInstall }),
    ).resolves.toEqual({ mode: 'electron', binary: '/opt/electron/electron' });
    expect(
      electronBinary({
        root: '/repo',
        env,
        platform: 'darwin',
        ...fs({ '/opt/electron/Electron.app/Contents/MacOS/Electron': '' }),
      }),
    ).toBe('/opt/electron/Electron.app/Contents/MacOS/Electron');
    const missing = await decideStart({
      root: '/repo',
      env,
      platform: 'linux',
      ...fs({}),
      install: noInstall,
    });
    expect(missing).toEqual({
      mode: 'web',
      reason: expect.stringContaining('ELECTRON_OVERRIDE_DIST_PATH is /opt/electron') as unknown,
    });
  });

  it('respects ELECTRON_SKIP_BINARY_DOWNLOAD and says how to install', async () => {
    const choice = await decideStart({
      root: '/repo',
      env: { DISPLAY: ':0', ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      platform: 'linux',
      ...fs({}),
      install: noInstall,
    });
    expect(choice).toMatchObject({ mode: 'web' });
    if (choice.mode === 'web') expect(choice.reason).toContain('`npx install-electron`');
  });
});

/**
 * A repository whose node_modules/electron is a copy of the pinned package's installer (so an
 * install lands in this temporary folder, never in the real one), with its @electron/get.
 */
async function repoWithElectronPackage(checksums?: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'sb-start-'));
  const electron = join(root, 'node_modules', 'electron');
  await mkdir(electron, { recursive: true });
  for (const file of ['package.json', 'install.js', 'checksums.json'])
    await copyFile(join(modules, 'electron', file), join(electron, file));
  if (checksums) await writeFile(join(electron, 'checksums.json'), JSON.stringify(checksums));
  for (const dep of ['@electron/get', '@electron-internal/extract-zip']) {
    await mkdir(join(root, 'node_modules', dep, '..'), { recursive: true });
    await symlink(join(modules, dep), join(root, 'node_modules', dep), 'dir');
  }
  return root;
}

/** An HTTP server of this test on 127.0.0.1 standing in for the Electron mirror. */
function startMirror(
  respond: (path: string) => { status: number; body?: Uint8Array },
): Promise<{ url: string; paths: string[]; server: Server }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    const { status, body } = respond(req.url ?? '');
    res.writeHead(status, { 'content-length': String(body?.length ?? 0) });
    res.end(body ? Buffer.from(body) : undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        paths,
        server,
      }),
    ),
  );
}

describe('npm start: the electron package installs its binary first', () => {
  const cleanup: string[] = [];
  const servers: Server[] = [];
  let cache: string;
  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'sb-electron-cache-'));
  });
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });
  afterAll(async () => {
    for (const dir of [...cleanup, cache]) await rm(dir, { recursive: true, force: true });
  });
  /** The environment of `npm start` here: a display, its own cache, nothing else inherited. */
  const envWith = (extra: Record<string, string>) => ({
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DISPLAY: ':0',
    electron_config_cache: cache,
    ...extra,
  });

  it('asks the ELECTRON_MIRROR for the pinned version, then falls back naming the URL and the error', async () => {
    const mirror = await startMirror(() => ({ status: 404 }));
    servers.push(mirror.server);
    const root = await repoWithElectronPackage();
    cleanup.push(root);
    const events: InstallEvent[] = [];
    const choice = await decideStart({
      root,
      env: envWith({ ELECTRON_MIRROR: mirror.url }),
      platform: 'linux',
      onInstallEvent: (event) => events.push(event),
    });
    const expectedPath = `/v${version}/${zipName}`;
    expect(mirror.paths).toContain(expectedPath);
    expect(events[0]).toEqual({
      type: 'request',
      url: `${mirror.url.slice(0, -1)}${expectedPath}`,
    });
    expect(choice.mode).toBe('web');
    if (choice.mode !== 'web') return;
    expect(choice.reason).not.toContain('\n');
    expect(choice.reason).toContain(
      `${mirror.url.slice(0, -1)}${expectedPath}: HTTP 404 Not Found`,
    );
    expect(choice.reason).toContain('retry with `npm start`');
    expect(choice.reason).toMatch(/Starting Switchboard in your browser instead\.$/);
  });

  it('honours ELECTRON_CUSTOM_DIR, and names a refused connection', async () => {
    const mirror = await startMirror(() => ({ status: 404 }));
    servers.push(mirror.server);
    const root = await repoWithElectronPackage();
    cleanup.push(root);
    await decideStart({
      root,
      env: envWith({ ELECTRON_MIRROR: mirror.url, ELECTRON_CUSTOM_DIR: 'builds/{{ version }}' }),
      platform: 'linux',
    });
    expect(mirror.paths).toEqual([`/builds/${version}/${zipName}`]);

    mirror.server.close();
    await new Promise((resolve) => mirror.server.once('close', resolve));
    const offline = await decideStart({
      root,
      env: envWith({ ELECTRON_MIRROR: mirror.url }),
      platform: 'linux',
    });
    expect(offline).toEqual({
      mode: 'web',
      reason: expect.stringContaining(
        `${mirror.url}v${version}/${zipName}: connect ECONNREFUSED`,
      ) as unknown,
    });
  });

  it('installs from the mirror (checksum checked), shows progress, then runs Electron', async () => {
    const zip = zipSync({
      electron: [strToU8('#!/bin/sh\necho fake electron\n'), { os: 3, attrs: 0o100755 << 16 }],
      version: strToU8(`v${version}`),
    });
    const sha = createHash('sha256').update(zip).digest('hex');
    const mirror = await startMirror((path) =>
      path.endsWith(zipName) ? { status: 200, body: zip } : { status: 404 },
    );
    servers.push(mirror.server);
    const root = await repoWithElectronPackage({ [zipName]: sha });
    cleanup.push(root);
    const printed: string[] = [];
    const progress = createInstallProgress({ write: (text: string) => printed.push(text) });
    const choice = await decideStart({
      root,
      env: envWith({ ELECTRON_MIRROR: mirror.url }),
      platform: 'linux',
      onInstallEvent: progress.onEvent,
    });
    progress.end();
    expect(choice).toEqual({
      mode: 'electron',
      binary: join(root, 'node_modules', 'electron', 'dist', 'electron'),
    });
    expect(await readFile(join(root, 'node_modules', 'electron', 'path.txt'), 'utf8')).toBe(
      'electron',
    );
    expect(printed.join('')).toBe(
      `Downloading Electron's binary (once) from ${mirror.url}v${version}/${zipName}\n  100% of 0 MB\n`,
    );
  });

  it('refuses a download whose checksum does not match the package', async () => {
    const mirror = await startMirror((path) =>
      path.endsWith(zipName) ? { status: 200, body: strToU8('not the release') } : { status: 404 },
    );
    servers.push(mirror.server);
    const root = await repoWithElectronPackage();
    cleanup.push(root);
    const choice = await decideStart({
      root,
      env: envWith({ ELECTRON_MIRROR: mirror.url }),
      platform: 'linux',
    });
    expect(choice).toEqual({
      mode: 'web',
      reason: expect.stringMatching(/checksum/i) as unknown,
    });
    expect(electronBinary({ root })).toBeUndefined();
  });
});
