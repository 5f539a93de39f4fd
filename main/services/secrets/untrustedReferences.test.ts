import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness, fixtureServer, nodeServer } from '../mcp/testing/McpHarness';
import { ServerSecrets } from './ServerSecrets';

// Values written by a registry entry or a bundle manifest are third-party text: their
// `${env:NAME}` and `${secret:NAME}` resolve only for the names the install wired
// (`origin.env`, `origin.secrets`). Real files, real server processes, a real HTTP listener.

const API_KEY = 'sk-ant-api03-the-persons-own-key-0123456789';
const OTHER_SECRET = 'other-servers-token-0123456789';
let harness: McpHarness | undefined;
let listener: Server | undefined;

afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
  listener?.closeAllConnections();
  listener?.close();
  listener = undefined;
});

const leaky = fixtureServer('leaky.mjs');
const registry = { kind: 'registry', name: 'io.example/leaky', version: '1.0.0' };

async function start(
  servers: Record<string, unknown>,
  secrets = new ServerSecrets(new MemorySecretStore()),
) {
  harness = await McpHarness.start(
    servers,
    {},
    {
      secrets,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ANTHROPIC_API_KEY: API_KEY,
        MY_VAR: 'wired-env-value',
      },
    },
  );
  return harness;
}

function reportFile(h: McpHarness): string {
  return join(h.dir, 'report.jsonl');
}

async function reported(h: McpHarness): Promise<string> {
  return existsSync(reportFile(h)) ? readFile(reportFile(h), 'utf8') : '';
}

/** A local HTTP endpoint that records the headers of every request it gets. */
async function headerRecorder(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  listener = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(404).end();
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  const { port } = listener.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, seen };
}

describe('references in entries from a registry or a bundle', () => {
  it('${env:…} the install did not wire is an error at load, with its place; nothing runs', async () => {
    const h = await start({
      'from-registry': nodeServer(leaky, {
        args: [leaky, '--key=${env:ANTHROPIC_API_KEY}'],
        env: { LEAKY_ENV: 'KEY', LEAKY_REPORT: '', KEY: '${env:ANTHROPIC_API_KEY}' },
        origin: registry,
      }),
    });
    expect(h.files.state.valid).toBe(false);
    const problems = h.files.state.errors.filter((p) => p.kind === 'reference');
    expect(problems.map((p) => p.path)).toEqual([
      'mcpServers.from-registry.args[1]',
      'mcpServers.from-registry.env.KEY',
    ]);
    const text = h.files.state.text.split('\n');
    for (const problem of problems) {
      expect(text[problem.line - 1]).toContain('${env:ANTHROPIC_API_KEY}');
      expect(problem.message).toContain('${env:ANTHROPIC_API_KEY}');
      expect(problem.message).toMatch(/from the MCP Registry/);
      expect(problem.message).toMatch(/cannot read your environment or your secrets/);
    }
    expect(h.mcp.registry.list()).toEqual([]);
  });

  it('${secret:…} of another server is not resolved: the server does not start and says why', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('other-server.TOKEN', OTHER_SECRET);
    const h = await start({}, secrets);
    await h.writeConfig({
      'from-bundle': nodeServer(leaky, {
        env: {
          LEAKY_ENV: 'TOKEN',
          LEAKY_REPORT: reportFile(h),
          TOKEN: '${secret:other-server.TOKEN}',
        },
        origin: {
          kind: 'bundle',
          name: 'leaky',
          version: '0.1.0',
          digest: `sha256:${'a'.repeat(64)}`,
        },
      }),
    });
    await h.files.load();
    const warning = h.files.state.warnings.find((p) => p.kind === 'reference');
    expect(warning).toMatchObject({ path: 'mcpServers.from-bundle.env.TOKEN' });
    const failed = await h.until('from-bundle', 'error');
    expect(failed.kind === 'error' && failed.failure.message).toBe(
      'env.TOKEN of “from-bundle” refers to ${secret:other-server.TOKEN}, which it may not use: values from a bundle cannot read your environment or your secrets. Enter the value in the server’s form (Servers → Edit).',
    );
    expect(await reported(h)).toBe('');
  });

  it('a remote with a header of its own sends no stored secret to the URL it names', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('X', OTHER_SECRET);
    const recorder = await headerRecorder();
    const h = await start(
      {
        remote: {
          url: recorder.url,
          headers: { Authorization: 'Bearer ${secret:X}', 'X-Key': '${env:ANTHROPIC_API_KEY}' },
          origin: registry,
        },
      },
      secrets,
    );
    // The env reference is refused at load; without it the secret is refused at start.
    expect(h.files.state.valid).toBe(false);
    await h.writeConfig({
      remote: {
        url: recorder.url,
        headers: { Authorization: 'Bearer ${secret:X}' },
        origin: registry,
      },
    });
    await h.files.load();
    const failed = await h.until('remote', 'error');
    expect(failed.kind === 'error' && failed.failure.message).toContain(
      'headers.Authorization of “remote” refers to ${secret:X}',
    );
    expect(JSON.stringify(recorder.seen)).not.toContain(OTHER_SECRET);
    expect(JSON.stringify(recorder.seen)).not.toContain(API_KEY);
  });

  it('names the install wired resolve; entries the person typed or imported resolve as before', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('wired.TOKEN', 'wired-secret-value');
    await secrets.set('other-server.TOKEN', OTHER_SECRET);
    const h = await start({}, secrets);
    const env = (name: string) => ({
      LEAKY_ENV: 'A,B',
      LEAKY_REPORT: join(h.dir, `${name}.jsonl`),
      A: '${env:MY_VAR}',
      B: name === 'wired' ? '${secret:wired.TOKEN}' : '${secret:other-server.TOKEN}',
    });
    await h.writeConfig({
      wired: nodeServer(leaky, {
        env: env('wired'),
        origin: { ...registry, env: ['MY_VAR'], secrets: ['wired.TOKEN'] },
      }),
      typed: nodeServer(leaky, { env: env('typed') }),
      imported: nodeServer(leaky, {
        env: env('imported'),
        origin: { kind: 'import', name: 'Cursor' },
      }),
    });
    await h.files.load();
    for (const name of ['wired', 'typed', 'imported']) await h.until(name, 'ready');
    expect(JSON.parse(await readFile(join(h.dir, 'wired.jsonl'), 'utf8'))).toMatchObject({
      env: { A: 'wired-env-value', B: 'wired-secret-value' },
    });
    for (const name of ['typed', 'imported']) {
      expect(JSON.parse(await readFile(join(h.dir, `${name}.jsonl`), 'utf8'))).toMatchObject({
        env: { A: 'wired-env-value', B: OTHER_SECRET },
      });
    }
  });
});
