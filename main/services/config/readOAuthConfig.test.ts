import { describe, expect, it } from 'vitest';
import { parseServersText } from './parseServersText';
import { envLookup } from './substituteEnv';

const parse = (value: unknown, env: Record<string, string> = {}) =>
  parseServersText(JSON.stringify(value, null, 2), envLookup(env));

describe('servers file: the oauth block of an HTTP server', () => {
  it('keeps every field, substituting ${env:NAME} in strings', () => {
    const { servers, errors, warnings } = parse(
      {
        mcpServers: {
          sentry: {
            url: 'https://mcp.example.test/mcp',
            oauth: {
              clientId: 'switchboard',
              clientSecret: '${env:SECRET}',
              scopes: ['read', '${env:SCOPE}'],
              clientMetadataUrl: 'https://switchboard.example.test/client.json',
              redirectPort: 33418,
            },
          },
        },
      },
      { SECRET: 's3cret', SCOPE: 'write' },
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(servers[0]).toMatchObject({
      transport: 'http',
      oauth: {
        clientId: 'switchboard',
        clientSecret: 's3cret',
        scopes: ['read', 'write'],
        clientMetadataUrl: 'https://switchboard.example.test/client.json',
        redirectPort: 33418,
      },
    });
  });

  it('leaves oauth out when the file has none, and accepts an empty block', () => {
    const { servers } = parse({
      mcpServers: { a: { url: 'https://a.test/mcp' }, b: { url: 'https://b.test', oauth: {} } },
    });
    expect(servers[0]).not.toHaveProperty('oauth');
    expect(servers[1]).toMatchObject({ oauth: {} });
  });

  it('rejects wrong types, bad ports and a metadata URL that is not https with a path', () => {
    const { errors, servers } = parse(
      {
        mcpServers: {
          a: {
            url: 'https://a.test/mcp',
            oauth: {
              clientId: '',
              scopes: 'read',
              redirectPort: 70000,
              clientMetadataUrl: 'http://${env:HOST}/client.json',
            },
          },
          b: { url: 'https://b.test/mcp', oauth: ['x'] },
          c: { url: 'https://c.test/mcp', oauth: { clientMetadataUrl: 'https://c.test' } },
          d: { url: 'https://d.test/mcp', oauth: { redirectPort: 80.5 } },
        },
      },
      { HOST: 'secret-host.test' },
    );
    expect(servers).toEqual([]);
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      ['mcpServers.a.oauth.clientId', 'mcpServers.a.oauth.clientId must not be empty'],
      [
        'mcpServers.a.oauth.scopes',
        'mcpServers.a.oauth.scopes must be an array of strings, but it is a string',
      ],
      [
        'mcpServers.a.oauth.redirectPort',
        'mcpServers.a.oauth.redirectPort must be a port number from 1 to 65535',
      ],
      [
        'mcpServers.a.oauth.clientMetadataUrl',
        'mcpServers.a.oauth.clientMetadataUrl must be an https:// URL with a path (a Client ID Metadata Document), but it is "http://${env:HOST}/client.json"',
      ],
      [
        'mcpServers.b.oauth',
        'mcpServers.b.oauth must be an object like { "clientId": "...", "scopes": ["..."] }',
      ],
      [
        'mcpServers.c.oauth.clientMetadataUrl',
        'mcpServers.c.oauth.clientMetadataUrl must be an https:// URL with a path (a Client ID Metadata Document), but it is "https://c.test"',
      ],
      [
        'mcpServers.d.oauth.redirectPort',
        'mcpServers.d.oauth.redirectPort must be a port number from 1 to 65535',
      ],
    ]);
    expect(JSON.stringify(errors)).not.toContain('secret-host');
  });

  it('makes a missing variable an env error at the field', () => {
    const { errors } = parse({
      mcpServers: { a: { url: 'https://a.test', oauth: { clientSecret: '${env:NOPE}' } } },
    });
    expect(errors[0]).toMatchObject({ kind: 'env', path: 'mcpServers.a.oauth.clientSecret' });
  });

  it('warns about unknown keys inside oauth and about oauth on a stdio server', () => {
    const { warnings, errors, servers } = parse({
      mcpServers: {
        a: { url: 'https://a.test', oauth: { clientID: 'typo' } },
        b: { command: 'x', oauth: { clientId: 'y' } },
      },
    });
    expect(errors).toEqual([]);
    expect(servers).toHaveLength(2);
    expect(warnings.map((w) => [w.kind, w.path, w.message])).toEqual([
      [
        'unknown-key',
        'mcpServers.a.oauth.clientID',
        'unknown key "clientID" in mcpServers.a.oauth is kept in the file but ignored (known: clientId, clientSecret, scopes, clientMetadataUrl, redirectPort)',
      ],
      ['schema', 'mcpServers.b.oauth', '"oauth" has no effect on a stdio server and is ignored'],
    ]);
  });
});
