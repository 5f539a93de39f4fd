import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Builds like `npm run build` (or with `--mode`), with source maps, into a folder of its own. */
async function build(mode?: string): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'sb-build-'));
  dirs.push(out);
  const args = ['build', '--outDir', out, '--sourcemap', '--logLevel', 'error'];
  await run(
    process.execPath,
    ['node_modules/electron-vite/bin/electron-vite.js', ...args, ...(mode ? ['--mode', mode] : [])],
    { cwd: root },
  );
  return out;
}

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Every source module of the repository bundled into the output, from its source maps. */
async function bundledModules(out: string): Promise<string[]> {
  const modules = new Set<string>();
  for (const map of (await files(out)).filter((f) => f.endsWith('.map'))) {
    const { sources } = JSON.parse(await readFile(map, 'utf8')) as { sources: string[] };
    for (const source of sources) modules.add(relative(root, resolve(dirname(map), source)));
  }
  return [...modules].filter((m) => !m.startsWith('node_modules/') && !m.startsWith('..'));
}

/** Modules that exist for tests and benchmarks only. */
const testOnly = (module: string): boolean =>
  /^(scripts|e2e)\//.test(module) ||
  /(^|\/)testing\//.test(module) ||
  /\.(test|spec)\.tsx?$/.test(module);

describe('the build of the app', () => {
  it('holds no bench or test modules, and no switch to a test opener', async () => {
    const out = await build();
    const entries = (await readdir(join(out, 'main'))).filter((f) => f.endsWith('.js')).sort();
    expect(entries).toEqual(['cli.js', 'index.js', 'web.js']);
    const modules = await bundledModules(out);
    expect(modules).toContain('main/index.ts');
    expect(modules).toContain('preload/createHostBridge.ts');
    expect(modules.filter(testOnly)).toEqual([]);
    for (const file of (await files(out)).filter((f) => /\.(c?js|html)$/.test(f))) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toMatch(/SWITCHBOARD_TEST_OPENER|FetchTestOpener|Test opener follows/);
    }
    // The window's connection opens while the rest of its start-up is fetched: its chunk runs
    // as an async module script of its own, ahead of the entry that also imports it.
    const page = await readFile(join(out, 'renderer', 'index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script type="module"( async)? crossorigin src="([^"]+)"/g)];
    expect(
      scripts.map(([, async, src]) => [Boolean(async), src?.replace(/-[\w-]+\.js$/, '')]),
    ).toEqual([
      [true, './assets/hostConnection'],
      [false, './assets/index'],
    ]);
    const entry = await readFile(join(out, 'renderer', scripts[1]?.[2] ?? ''), 'utf8');
    expect(entry).toContain(`from"./${basename(scripts[0]?.[2] ?? '?')}"`);
    const sandbox = await readFile(join(out, 'renderer', 'sandbox.html'), 'utf8');
    expect(sandbox).not.toContain('async');
  }, 180_000);

  it('the test build (e2e, bench) is where they are, so the check above can see them', async () => {
    const out = await build('test');
    const entries = await readdir(join(out, 'main'));
    expect(entries).toEqual(expect.arrayContaining(['bench.js', 'webShellWithTestOpener.js']));
    const modules = await bundledModules(out);
    expect(modules).toContain('main/testing/FetchTestOpener.ts');
    expect(modules.filter(testOnly).length).toBeGreaterThan(1);
  }, 180_000);
});
