import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { HELLO_NOTES } from '../../../../e2e/fixtures/bundles/packFixtureBundle.mjs';
import type { CraftedEntry } from './craftZip';

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
