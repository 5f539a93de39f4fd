import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterEach } from 'vitest';
import { MemorySecretStore } from '../../mcp/auth/MemorySecretStore';
import { McpHarness } from '../../mcp/testing/McpHarness';
import { ServerSecrets } from '../../secrets/ServerSecrets';
import { ServerFormService } from '../../serverForm/ServerFormService';
import { HELLO_NOTES } from '../../../../e2e/fixtures/bundles/packFixtureBundle.mjs';
import { BundleService } from '../BundleService';
import type { CraftedEntry } from './craftZip';

let harness: McpHarness | undefined;

/** Disposes the harness a test made with {@link bundleTestBed} (call once per test file). */
export function disposeBundleTestBeds(): void {
  afterEach(async () => {
    await harness?.dispose();
    harness = undefined;
  });
}

/** A BundleService over a real servers file, a real McpService and an in-memory secret store. */
export async function bundleTestBed(findCommand?: (command: string) => Promise<string>) {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  const started = await McpHarness.start({}, {}, { secrets });
  harness = started;
  const forms = new ServerFormService({ files: started.files, mcp: started.mcp, secrets, env: {} });
  const bundles = new BundleService({
    dataDir: started.dir,
    files: started.files,
    secrets,
    forms,
    findCommand: findCommand ?? ((command) => started.mcp.findCommand(command)),
    // `${HOME}` in manifests: a folder of the test's.
    home: join(started.dir, 'home'),
  });
  return { bundles, store, harness: started };
}

/** The hello-notes fixture's files as archive entries (manifest first), `manifest` merged in. */
export async function helloNotesEntries(
  manifest: Record<string, unknown> = {},
): Promise<[CraftedEntry, ...CraftedEntry[]]> {
  const entries: CraftedEntry[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const item of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) await walk(path);
      else entries.push({ name: relative(HELLO_NOTES, path), data: await readFile(path) });
    }
  };
  await walk(HELLO_NOTES);
  const original = JSON.parse(await readFile(join(HELLO_NOTES, 'manifest.json'), 'utf8')) as object;
  const others = entries.filter((e) => e.name !== 'manifest.json');
  return [{ name: 'manifest.json', data: JSON.stringify({ ...original, ...manifest }) }, ...others];
}
