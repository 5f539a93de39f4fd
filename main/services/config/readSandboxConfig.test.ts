import { describe, expect, it } from 'vitest';
import { parseServersText } from './parseServersText';
import { envLookup } from '../base/substituteEnv';

const parse = (servers: unknown, env: Record<string, string> = {}) =>
  parseServersText(JSON.stringify({ mcpServers: servers }, null, 2), envLookup(env));

describe('sandbox keys in the servers file', () => {
  it('reads VS Code’s shape (and allowRead) on a stdio server, env substituted', () => {
    const sandbox = {
      filesystem: {
        allowWrite: ['~/notes', '${roots}/out', '${env:OUT}'],
        denyRead: ['${cwd}/.env'],
        denyWrite: ['${serverState}/locked'],
        allowRead: ['~/.aws/config'],
      },
      network: { allowedDomains: ['api.example.com:443', '*.npmjs.org'], deniedDomains: ['*'] },
    };
    const result = parse({ fs: { command: 'node', sandboxEnabled: true, sandbox } }, { OUT: '/o' });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.servers[0]).toMatchObject({
      sandboxEnabled: true,
      sandbox: {
        ...sandbox,
        filesystem: { ...sandbox.filesystem, allowWrite: ['~/notes', '${roots}/out', '/o'] },
      },
    });
  });

  it('points at each bad value with its path, line and column', () => {
    const result = parse({
      fs: {
        command: 'node',
        sandboxEnabled: 'yes',
        sandbox: {
          filesystem: { allowWrite: ['${home}/x', 'a/${roots}'], denyRead: '~/.ssh' },
          network: { allowedDomains: ['*', 'https://example.com'] },
        },
      },
    });
    expect(result.servers).toEqual([]);
    expect(result.errors.map((p) => [p.path, p.line, p.column, p.message])).toEqual([
      [
        'mcpServers.fs.sandboxEnabled',
        5,
        25,
        'mcpServers.fs.sandboxEnabled must be true or false, but it is a string',
      ],
      [
        'mcpServers.fs.sandbox.filesystem.allowWrite[0]',
        9,
        13,
        expect.stringContaining('uses ${home}, which is not a sandbox variable'),
      ],
      [
        'mcpServers.fs.sandbox.filesystem.allowWrite[1]',
        10,
        13,
        expect.stringContaining('${roots} can only start an entry'),
      ],
      [
        'mcpServers.fs.sandbox.filesystem.denyRead',
        12,
        23,
        'mcpServers.fs.sandbox.filesystem.denyRead must be an array of strings, but it is a string',
      ],
      [
        'mcpServers.fs.sandbox.network.allowedDomains[0]',
        16,
        13,
        expect.stringContaining('"*" (every host) is only allowed in deniedDomains'),
      ],
      [
        'mcpServers.fs.sandbox.network.allowedDomains[1]',
        17,
        13,
        expect.stringContaining('must be a host like "example.com"'),
      ],
    ]);
  });

  it('keeps unknown sandbox keys as warnings, and warns that a remote server ignores them', () => {
    const result = parse({
      fs: { command: 'node', sandbox: { filesystem: { allowExecute: [] }, proxy: {} } },
      remote: { url: 'https://example.test/mcp', sandboxEnabled: true, sandbox: {} },
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((p) => p.message)).toEqual([
      expect.stringContaining('unknown key "allowExecute" in mcpServers.fs.sandbox.filesystem'),
      expect.stringContaining('unknown key "proxy" in mcpServers.fs.sandbox'),
      '"sandboxEnabled" applies to local (stdio) servers only: a remote server runs elsewhere, so it is ignored',
      '"sandbox" applies to local (stdio) servers only: a remote server runs elsewhere, so it is ignored',
    ]);
    expect(result.servers.find((s) => s.name === 'remote')).not.toHaveProperty('sandbox');
  });
});
