import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureServer } from '../../../mcp/testing/McpHarness';
import { loadCatalogue } from './catalogueFixture';

const require = createRequire(import.meta.url);

/**
 * The servers-file entries of the large catalogue: its 30 servers of 100 tools (one fixture
 * program, one process each), plus server-everything and server-filesystem from node_modules
 * (the latter on a fresh temp folder). About 3,030 tools.
 */
export function largeCatalogueServers(): Record<string, Record<string, unknown>> {
  const program = fixtureServer('catalogue.mjs');
  const servers: Record<string, Record<string, unknown>> = {};
  for (const { name } of loadCatalogue()) {
    servers[name] = { command: process.execPath, args: [program, name] };
  }
  const folder = mkdtempSync(join(tmpdir(), 'sb-fs-'));
  writeFileSync(join(folder, 'notes.txt'), 'hello from the filesystem server\n');
  servers.everything = {
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js')],
  };
  servers.filesystem = {
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js'), folder],
  };
  return servers;
}
