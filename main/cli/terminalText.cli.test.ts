import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeRegistry,
  type FakeRegistry,
} from '../../e2e/fixtures/fakeRegistry/FakeRegistry.mjs';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { captureCli, type CliRun } from './testing/captureCli';

// The real CLI (runCli, as `npm run cli` runs it) against a real server process and a registry
// whose every text holds terminal control sequences: what it prints must hold none, on stdout
// and stderr alike, and every entry must still be listed, cleaned.

const ESC = '\u001b';
/** The same families as the fixture server's (e2e/fixtures/servers/hostile-text.mjs). */
const HOSTILE =
  `link ${ESC}]8;;https://evil.example/${ESC}\\docs${ESC}]8;;${ESC}\\ ` +
  `clear${ESC}[2J${ESC}[H title${ESC}]0;pwned\u0007 ` +
  `back\b\b\b\bgone over\rwrite c1\u009b31m dcs${ESC}P+q544e${ESC}\\ del\u007f end`;
/** What is left of HOSTILE once cleaned. */
const CLEANED = 'link docs clear title backgone overwrite c1 dcs del end';
/** Within the registry schema's 100 characters for a description or title. */
const SHORT = `${ESC}]8;;https://evil.example/${ESC}\\Docs${ESC}]8;;${ESC}\\ here${ESC}[2J\u009b31m\u0007\b\r!`;

const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
const entry = (server: Record<string, unknown>) => ({
  server: { $schema: SCHEMA, ...server },
  _meta: {
    'io.modelcontextprotocol.registry/official': {
      status: 'active',
      publishedAt: '2026-09-01T10:00:00Z',
      updatedAt: '2026-09-01T10:00:00Z',
      isLatest: true,
    },
  },
});
const hostileEntries = [
  entry({
    name: 'io.github.hostile/escapes',
    title: `Title ${SHORT}`,
    description: `Description ${SHORT}`,
    version: '1.0.0',
    packages: [
      {
        registryType: 'npm',
        identifier: '@hostile/escapes',
        version: '1.0.0',
        transport: { type: 'stdio' },
        packageArguments: [{ type: 'named', name: '--mode', value: `fast${ESC}[2Jslow` }],
        environmentVariables: [
          { name: 'HOSTILE_TOKEN', description: `Token ${HOSTILE}`, isRequired: true },
        ],
      },
    ],
  }),
  // A name that breaks the schema: listed anyway (marked), and cleaned.
  entry({
    name: `io.github.hostile/na${ESC}]8;;https://evil.example/${ESC}\\me`,
    description: `Second ${HOSTILE}`,
    version: `2.0${ESC}[31m`,
  }),
];

let dir: string;
let registry: FakeRegistry;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-hostile-'));
  registry = await startFakeRegistry({ entries: hostileEntries });
  const hostile = fixtureServer('hostile-text.mjs');
  await writeFile(
    join(dir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        hostile: { command: process.execPath, args: [hostile] },
        dead: { command: process.execPath, args: [hostile, '--exit'] },
      },
    }),
  );
});
afterAll(() => registry.close());

function cli(...argv: string[]): Promise<CliRun> {
  return captureCli([...argv, '--data-dir', dir, '--no-login-shell', '--timeout', '10000'], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SWITCHBOARD_REGISTRY_URL: registry.url,
  });
}

/** Every control character in `text` (bytes as UTF-8 carries them), as code points. */
function controls(text: string): number[] {
  const found: number[] = [];
  // The raw bytes: C0 (but \t, \n) and DEL are single bytes in UTF-8.
  for (const byte of Buffer.from(text, 'utf8')) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a) || byte === 0x7f) found.push(byte);
  }
  // C1 is U+0080–U+009F, two bytes in UTF-8 (C2 80–C2 9F); a terminal decodes it as CSI etc.
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x80 && code <= 0x9f) found.push(code);
  }
  return found;
}

function expectClean(run: CliRun): void {
  expect(controls(run.out)).toEqual([]);
  expect(controls(run.err)).toEqual([]);
  for (const text of [run.out, run.err]) {
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('pwned');
    expect(text).not.toContain('544e');
  }
}

describe('cli: control sequences from servers and registries', () => {
  it('tools: names, descriptions of a hostile server listed, cleaned', async () => {
    const run = await cli('tools');
    expectClean(run);
    expect(run.out).toContain(`Looks: ${CLEANED}`);
    expect(run.out).toContain('trickyname');
  });

  it('call: a result cleaned on stdout; --json the same value, escaped, valid', async () => {
    const run = await cli('call', 'hostile', 'look');
    expect(run.code).toBe(0);
    expectClean(run);
    expect(run.out).toBe(`result: ${CLEANED}\n`);

    const json = await cli('call', 'hostile', 'look', '--json');
    expect(controls(json.out)).toEqual([]);
    expect(json.out).toContain('\\u001b]8;;https://evil.example/');
    expect(json.out).toContain('\\u009b31m');
    expect(json.out).toContain('\\u007f');
    // The same shape and the very value the server sent: scripts lose nothing.
    expect(JSON.parse(json.out)).toMatchObject({
      content: [{ type: 'text', text: `result: ${HOSTILE}` }],
    });
  });

  it('servers: the server info and a dead server’s stderr tail, cleaned', async () => {
    const run = await cli('servers');
    expectClean(run);
    expect(run.out).toMatch(/^hostile\s+ready\s+stdio\s+\S+\s+hostile-server 1\.0\s+2\s+no$/m);
    expect(run.out).toContain(`| hostile stderr: ${CLEANED}`);
  });

  it('read: a server’s error message on stderr, cleaned', async () => {
    const run = await cli('read', 'hostile', 'fixture://notes');
    expect(run.code).toBe(1);
    expectClean(run);
    expect(run.err).toContain(`cannot read: ${CLEANED}`);

    const listed = await cli('resources', 'hostile');
    expectClean(listed);
    expect(listed.out).toContain('fixture://notes');
  });

  it('search: every hostile registry entry listed, cleaned; --json valid and escaped', async () => {
    const run = await cli('search', 'hostile');
    expect(run.code).toBe(0);
    expectClean(run);
    expect(run.out).toContain('Description Docs here!');
    expect(run.out).toContain('io.github.hostile/name 2.0');
    expect(run.out).toContain('--mode fastslow');

    const json = await cli('search', 'hostile', '--json');
    expect(controls(json.out)).toEqual([]);
    const parsed = JSON.parse(json.out) as { query: string; servers: { description: string }[] };
    expect(parsed.query).toBe('hostile');
    expect(parsed.servers.map((s) => s.description)).toEqual([
      `Description ${SHORT}`,
      `Second ${HOSTILE}`,
    ]);
  });

  it('install: what it says of a hostile entry, on stdout and stderr, cleaned', async () => {
    const run = await cli(
      'install',
      'io.github.hostile/escapes',
      '--env',
      'HOSTILE_TOKEN=t',
      '--name',
      'installed',
      // Its own servers file: the entry is never started by the other tests.
      '--config',
      join(dir, 'installed.json'),
    );
    expect(run.code).toBe(0);
    expectClean(run);
    expect(run.out).toContain('--mode fastslow');
  });
});
