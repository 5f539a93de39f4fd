import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Absolute path of a fixture server in e2e/fixtures/servers. Resolved from the working
 * directory (npm runs scripts at the package root) because the bench runs bundled from
 * out/main, where paths relative to this source file no longer hold.
 */
export function fixtureServer(name: string): string {
  const file = join(process.cwd(), 'e2e', 'fixtures', 'servers', name);
  if (!existsSync(file))
    throw new Error(`fixture server not found: ${file} (run from the repo root)`);
  return file;
}
