import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxDetail } from '../../shared/domain/serverSandbox';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { captureCli, type CliRun } from './testing/captureCli';

let dir: string;
let config: string;
let secret: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-sandbox-'));
  config = join(dir, 'servers.json');
  await mkdir(join(dir, 'private'));
  secret = join(dir, 'private', 'key.pem');
  await writeFile(secret, 'KEY');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        boxed: {
          command: process.execPath,
          args: [fixtureServer('sandbox-probe.mjs')],
          sandboxEnabled: true,
          sandbox: { filesystem: { denyRead: [join(dir, 'private')] } },
        },
      },
    }),
  );
});

function cli(...argv: string[]): Promise<CliRun> {
  return captureCli(
    [...argv, '--config', config, '--data-dir', join(dir, 'data'), '--no-login-shell'],
    { PATH: process.env.PATH, HOME: process.env.HOME },
  );
}

describe.runIf(process.platform === 'linux')('cli: sandboxed servers', () => {
  it('servers says which run sandboxed; sandbox <server> prints the rules and what was blocked', async () => {
    const servers = await cli('servers', '--json');
    expect(servers.code).toBe(0);
    expect((servers.json as { servers: unknown[] }).servers).toEqual([
      expect.objectContaining({ name: 'boxed', status: 'ready', sandboxed: true }),
    ]);

    const read = await cli('call', 'boxed', 'read', '--args', JSON.stringify({ path: secret }));
    expect(read.out).not.toContain('KEY');

    const json = await cli('sandbox', 'boxed', '--json');
    expect(json.code).toBe(0);
    const detail = json.json as SandboxDetail;
    expect(detail).toMatchObject({ server: 'boxed', enabled: true });
    expect(detail.rules?.denyRead).toContain(join(dir, 'private'));
    expect(detail.rules?.denyRead).toContain('~/.ssh');
    expect(detail.rules?.allowedDomains).toEqual([]);
    expect(detail.violations).toEqual([
      expect.objectContaining({
        kind: 'read',
        target: secret,
        allow: { key: 'allowRead', value: secret },
      }),
    ]);

    const text = await cli('sandbox', 'boxed');
    expect(text.out).toMatch(/^boxed: sandboxed$/m);
    expect(text.out).toMatch(/^ {2}connect: only to: \(no network\)$/m);
    expect(text.out).toContain(`blocked: read ${secret} (seen in the server’s error)`);
  });
});
