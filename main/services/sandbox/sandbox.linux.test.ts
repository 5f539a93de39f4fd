import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxViolation } from '../../../shared/domain/serverSandbox';
import { fixtureServer, McpHarness, nodeServer } from '../mcp/testing/McpHarness';
import type { CallToolResult } from '../mcp/session/mcpTypes';

// Real bubblewrap, socat and the runtime's proxy: Linux only (CI installs them).
const linux = process.platform === 'linux';
const require = createRequire(import.meta.url);
const serverPackage = (name: string) =>
  require.resolve(`@modelcontextprotocol/${name}/dist/index.js`);

let work: string;
let http: Server;
let other: Server;
let tcp: TcpServer;
let httpPort: number;
let otherPort: number;
let tcpPort: number;
let harness: McpHarness | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sb-sandbox-'));
  await mkdir(join(work, 'private'));
  await mkdir(join(work, 'out'));
  await mkdir(join(work, 'elsewhere'));
  await writeFile(join(work, 'private', 'secret.txt'), 'TOP SECRET');
  // What an allowed host answers; 127.0.0.2 is outside the proxy bypass list, so the request
  // goes through the sandbox's proxy (and its rules).
  http = createServer((_request, response) => response.end('hello from the allowed host'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.2', resolve));
  httpPort = (http.address() as { port: number }).port;
  other = createServer((_request, response) => response.end('hello from another host'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.3', resolve));
  otherPort = (other.address() as { port: number }).port;
  tcp = createTcpServer((socket) => socket.end());
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  tcpPort = (tcp.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await new Promise((resolve) => other.close(resolve));
  await new Promise((resolve) => tcp.close(resolve));
});

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe.runIf(linux)('a sandboxed server (bubblewrap, real processes)', () => {
  it('is refused what the same server unsandboxed may do, and every refusal is reported', async () => {
    const rules = {
      filesystem: { denyRead: [join(work, 'private')], allowWrite: [join(work, 'out')] },
      network: { allowedDomains: [`127.0.0.2:${httpPort}`] },
    };
    const host = await McpHarness.start({
      boxed: nodeServer(fixtureServer('sandbox-probe.mjs'), {
        sandboxEnabled: true,
        sandbox: rules,
      }),
      plain: nodeServer(fixtureServer('sandbox-probe.mjs')),
    });
    harness = host;
    const secrets = join(host.dir, 'secrets.json');
    await writeFile(secrets, '{"server-secret:TOKEN":"s3cr3t"}');
    await host.until('boxed', 'ready');
    await host.until('plain', 'ready');
    const call = async (server: string, tool: string, args: Record<string, unknown>) =>
      host.mcp.supervisor(server).callTool(tool, args);

    const attempts = {
      readDenied: ['read', { path: join(work, 'private', 'secret.txt') }],
      readSecrets: ['read', { path: secrets }],
      writeOutside: ['write', { path: join(work, 'elsewhere', 'x.txt'), text: 'x' }],
      childRead: ['childRead', { path: join(work, 'private', 'secret.txt') }],
      connectLocal: ['connect', { host: '127.0.0.1', port: tcpPort }],
      fetchOther: ['fetch', { url: `http://127.0.0.3:${otherPort}/` }],
    } as const;
    for (const [what, [tool, args]] of Object.entries(attempts)) {
      const plain = await call('plain', tool, args);
      expect(plain.isError, `unsandboxed ${what}: ${text(plain)}`).toBeFalsy();
      const boxed = await call('boxed', tool, args);
      expect(boxed.isError, `sandboxed ${what}: ${text(boxed)}`).toBe(true);
      expect(text(boxed)).not.toContain('TOP SECRET');
      expect(text(boxed)).not.toContain('s3cr3t');
    }
    expect(existsSync(join(work, 'elsewhere', 'x.txt'))).toBe(true); // written by `plain` only

    // What the rules allow still works.
    const written = await call('boxed', 'write', { path: join(work, 'out', 'ok.txt'), text: 'ok' });
    expect(text(written)).toBe('written');
    expect(await readFile(join(work, 'out', 'ok.txt'), 'utf8')).toBe('ok');
    const fetched = await call('boxed', 'fetch', { url: `http://127.0.0.2:${httpPort}/` });
    expect(text(fetched)).toBe('200 hello from the allowed host');

    const expected: [SandboxViolation['kind'], string][] = [
      ['read', join(work, 'private', 'secret.txt')],
      ['read', secrets],
      ['write', join(work, 'elsewhere', 'x.txt')],
      ['connect', `127.0.0.1:${tcpPort}`],
      ['connect', `127.0.0.3:${otherPort}`],
    ];
    await expect
      .poll(async () => {
        const { violations } = await host.mcp.sandboxDetail('boxed');
        return expected.filter(([kind, target]) =>
          violations.some((v) => v.kind === kind && v.target === target),
        ).length;
      })
      .toBe(expected.length);
    const { violations } = await host.mcp.sandboxDetail('boxed');
    const secret = violations.find((v) => v.target === join(work, 'private', 'secret.txt'));
    // Read by the server and by its child: one row, counted twice.
    expect(secret).toMatchObject({ kind: 'read', count: 2, allow: { key: 'allowRead' } });
    expect(
      violations.find((v) => v.kind === 'connect' && v.target.startsWith('127.0.0.3')),
    ).toMatchObject({
      source: 'proxy',
      allow: { key: 'allowedDomains', value: `127.0.0.3:${otherPort}` },
    });
    const log = host.mcp
      .supervisor('boxed')
      .logsSince()
      .map((entry) => entry.text);
    expect(log).toContain(`blocked: read ${join(work, 'private', 'secret.txt')}`);
    expect(log.some((line) => line.startsWith(`blocked: connect 127.0.0.3:${otherPort}`))).toBe(
      true,
    );
    expect((await host.mcp.sandboxDetail('plain')).violations).toEqual([]);

    // A place that holds credentials is allowed only with a confirmation.
    const key = join(homedir(), '.ssh', 'id_ed25519');
    expect((await call('boxed', 'read', { path: key })).isError).toBe(true);
    const sensitive = await violationOf(host, (v) => v.target.endsWith('/.ssh/id_ed25519'));
    expect(sensitive.allow).toEqual({
      key: 'allowRead',
      value: '~/.ssh/id_ed25519',
      sensitive: true,
    });
    await expect(host.mcp.allowSandboxViolation('boxed', sensitive.id)).rejects.toThrow(
      /denied by default for the credentials it holds; allowing it needs a confirmation/,
    );

    // One click: the write's folder goes into the entry, the server restarts, the write works.
    const write = violations.find((v) => v.kind === 'write');
    if (!write) throw new Error('no write violation');
    await host.mcp.allowSandboxViolation('boxed', write.id);
    const file = JSON.parse(await readFile(host.file, 'utf8')) as {
      mcpServers: { boxed: { sandbox: { filesystem: { allowWrite: string[] } } } };
    };
    expect(file.mcpServers.boxed.sandbox.filesystem.allowWrite).toEqual([
      join(work, 'out'),
      join(work, 'elsewhere'),
    ]);
    await host.until('boxed', 'ready');
    const again = await call('boxed', 'write', {
      path: join(work, 'elsewhere', 'y.txt'),
      text: 'y',
    });
    expect(text(again)).toBe('written');
  });

  it('real servers work sandboxed (filesystem in its root, memory with its file, everything); trees end whole', async () => {
    const root = join(work, 'fs-root');
    await mkdir(root);
    const marker = `SB_TREE_${Date.now()}`;
    const host = await McpHarness.start({
      // Ignores stdin's end and SIGTERM, and leaves a child: only the group's SIGKILL ends it.
      stubborn: nodeServer(fixtureServer('with-grandchild.mjs'), {
        env: { STUBBORN: '1', TREE_MARKER: marker },
        sandboxEnabled: true,
      }),
      fs: {
        command: process.execPath,
        args: [serverPackage('server-filesystem'), root],
        sandboxEnabled: true,
        sandbox: { filesystem: { allowWrite: [root] } },
      },
      memory: {
        command: process.execPath,
        args: [serverPackage('server-memory')],
        env: { MEMORY_FILE_PATH: '${serverState}/memory.jsonl' },
        sandboxEnabled: true,
      },
      everything: {
        command: process.execPath,
        args: [serverPackage('server-everything')],
        sandboxEnabled: true,
      },
    });
    harness = host;
    await Promise.all(
      ['fs', 'memory', 'everything', 'stubborn'].map((name) => host.until(name, 'ready')),
    );
    const call = (server: string, tool: string, args: Record<string, unknown>) =>
      host.mcp.supervisor(server).callTool(tool, args);

    const note = join(root, 'note.txt');
    expect((await call('fs', 'write_file', { path: note, content: 'kept' })).isError).toBeFalsy();
    expect(text(await call('fs', 'read_text_file', { path: note }))).toBe('kept');
    const outside = await call('fs', 'write_file', {
      path: join(work, 'escape.txt'),
      content: 'x',
    });
    expect(outside.isError).toBe(true);
    expect(existsSync(join(work, 'escape.txt'))).toBe(false);

    const entity = { name: 'Ada', entityType: 'person', observations: ['writes programs'] };
    await call('memory', 'create_entities', { entities: [entity] });
    expect(text(await call('memory', 'read_graph', {}))).toContain('writes programs');
    const states = join(host.dir, 'server-state');
    const memoryState = readdirSync(states).find((name) => name.startsWith('memory-'));
    expect(await readFile(join(states, memoryState ?? '-', 'memory.jsonl'), 'utf8')).toContain(
      'Ada',
    );

    expect(text(await call('everything', 'echo', { message: 'hi' }))).toContain('hi');
    expect(host.mcp.servers().map((s) => [s.name, s.sandboxed])).toEqual([
      ['stubborn', true],
      ['fs', true],
      ['memory', true],
      ['everything', true],
    ]);

    // The process groups, tree kill and PID ledger work through the sandbox.
    expect((await marked(marker)).length).toBeGreaterThanOrEqual(2);
    await host.dispose();
    harness = undefined;
    expect(await marked(marker)).toEqual([]);
    const ledger = JSON.parse(await readFile(join(host.dir, 'server-pids.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(ledger.entries).toEqual([]);
  });
});

/** Processes whose environment holds `marker` (this user's, as /proc shows them). */
async function marked(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = await readFile(`/proc/${name}/environ`, 'latin1');
      if (environ.includes(`TREE_MARKER=${marker}`)) found.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** The first recorded attempt of `boxed` that `match` finds, once it is there. */
async function violationOf(
  host: McpHarness,
  match: (violation: SandboxViolation) => boolean,
): Promise<SandboxViolation> {
  let found: SandboxViolation | undefined;
  await expect
    .poll(async () => (found = (await host.mcp.sandboxDetail('boxed')).violations.find(match)))
    .toBeDefined();
  if (!found) throw new Error('no such violation');
  return found;
}
