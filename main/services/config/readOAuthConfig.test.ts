import { describe, expect, it } from 'vitest';
import { parseServersText } from './parseServersText';
import { envLookup } from '../base/substituteEnv';

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
        'unknown key "clientID" in mcpServers.a.oauth is kept in the file but ignored (known: grant, clientId, clientSecret, scopes, clientMetadataUrl, redirectPort, privateKey, signingAlgorithm, assertion, assertionFile, idp, dpop)',
      ],
      ['schema', 'mcpServers.b.oauth', '"oauth" has no effect on a stdio server and is ignored'],
    ]);
  });
});

describe('servers file: the oauth grants without a person', () => {
  const server = (oauth: Record<string, unknown>) => ({
    mcpServers: { corp: { url: 'https://mcp.corp.test/mcp', oauth } },
  });

  it('keeps ${secret:NAME} as written and each grant’s fields', () => {
    const { servers, errors, warnings } = parse({
      mcpServers: {
        cc: {
          url: 'https://a.test/mcp',
          oauth: {
            grant: 'client_credentials',
            clientId: 'app',
            privateKey: '${secret:app-key}',
            signingAlgorithm: 'ES256',
            dpop: true,
          },
        },
        wif: {
          url: 'https://b.test/mcp',
          oauth: { grant: 'jwt_bearer', assertionFile: '/var/run/secrets/token' },
        },
        sso: {
          url: 'https://c.test/mcp',
          oauth: {
            grant: 'enterprise',
            clientId: 'app',
            clientSecret: '${secret:app-secret}',
            idp: {
              issuer: 'https://idp.corp.test',
              clientId: 'idp-app',
              idToken: '${secret:id-token}',
            },
          },
        },
      },
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(servers.map((s) => (s.transport === 'stdio' ? undefined : s.oauth))).toEqual([
      {
        grant: 'client_credentials',
        clientId: 'app',
        privateKey: '${secret:app-key}',
        signingAlgorithm: 'ES256',
        dpop: true,
      },
      { grant: 'jwt_bearer', assertionFile: '/var/run/secrets/token' },
      {
        grant: 'enterprise',
        clientId: 'app',
        clientSecret: '${secret:app-secret}',
        idp: {
          issuer: 'https://idp.corp.test',
          clientId: 'idp-app',
          idToken: '${secret:id-token}',
        },
      },
    ]);
  });

  it('says what a grant is missing, what it takes only one of, and what belongs elsewhere', () => {
    const messages = (oauth: Record<string, unknown>) =>
      parse(server(oauth)).errors.map((e) => [e.path, e.message]);
    expect(messages({ grant: 'client_credentials', clientId: 'app' })).toEqual([
      [
        'mcpServers.corp.oauth',
        'mcpServers.corp.oauth with "grant": "client_credentials" needs "clientSecret" or "privateKey"',
      ],
    ]);
    expect(
      messages({
        grant: 'client_credentials',
        clientId: 'app',
        clientSecret: '${secret:s}',
        privateKey: '${secret:k}',
      }),
    ).toEqual([
      [
        'mcpServers.corp.oauth.privateKey',
        'mcpServers.corp.oauth with "grant": "client_credentials" takes only one of "clientSecret" or "privateKey"',
      ],
    ]);
    expect(messages({ assertion: '${secret:jwt}' })).toEqual([
      [
        'mcpServers.corp.oauth.assertion',
        'mcpServers.corp.oauth.assertion only applies with "grant": "jwt_bearer", but the grant is "authorization_code"',
      ],
    ]);
    expect(messages({ grant: 'enterprise', clientId: 'a', clientSecret: '${secret:s}' })).toEqual([
      ['mcpServers.corp.oauth', 'mcpServers.corp.oauth with "grant": "enterprise" needs "idp"'],
    ]);
    expect(
      messages({
        grant: 'enterprise',
        clientId: 'a',
        clientSecret: '${secret:s}',
        idp: { clientId: 'x', idToken: '${secret:t}' },
      }),
    ).toEqual([
      ['mcpServers.corp.oauth.idp', 'mcpServers.corp.oauth.idp needs "issuer" or "tokenEndpoint"'],
    ]);
    expect(messages({ grant: 'device_code' })[0]?.[1]).toContain('must be one of');
    expect(messages({ grant: 'jwt_bearer', assertionFile: 'token.jwt' })).toEqual([
      [
        'mcpServers.corp.oauth.assertionFile',
        'mcpServers.corp.oauth.assertionFile must be an absolute path, but it is "token.jwt"',
      ],
    ]);
  });

  it('warns about a secret written into the file', () => {
    const { warnings, errors } = parse(
      server({ grant: 'jwt_bearer', assertion: 'eyJhbGciOiJFUzI1NiJ9.e30.sig' }),
    );
    expect(errors).toEqual([]);
    expect(warnings.map((w) => w.message)).toEqual([
      'mcpServers.corp.oauth.assertion holds a secret in plain text: keep it in the secret store (`npm run --silent cli -- secret set NAME`) and write "${secret:NAME}" here',
    ]);
    expect(JSON.stringify(warnings)).not.toContain('eyJhbGci');
  });
});
