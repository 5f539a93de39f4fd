import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../mcp/auth/MemorySecretStore';
import { McpHarness, fixtureServer, nodeServer } from '../mcp/testing/McpHarness';
import { ServerSecrets } from './ServerSecrets';
import { secretNameFor, secretReferences, substituteSecrets } from './secretReferences';

let harness: McpHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('secret references', () => {
  it('finds and substitutes ${secret:NAME}, leaving other ${…} forms alone', () => {
    const text = 'Bearer ${secret:gh.TOKEN} ${env:HOME} ${secret:gh.TOKEN} ${secret:other}';
    expect(secretReferences(text)).toEqual(['gh.TOKEN', 'other']);
    const result = substituteSecrets(text, new Map([['gh.TOKEN', 't0k']]));
    expect(result).toEqual({
      value: 'Bearer t0k ${env:HOME} t0k ${secret:other}',
      missing: ['other'],
    });
  });

  it('derives names a reference can carry', () => {
    expect(secretNameFor('my server', 'API KEY!')).toBe('my_server.API_KEY');
    expect(secretNameFor('', '')).toBe('server.value');
  });
});

describe('ServerSecrets', () => {
  it('resolves env values, args and headers; refuses invalid names', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('s.A', 'alpha');
    await expect(secrets.set('bad name', 'x')).rejects.toThrow(/not a valid secret name/);
    const timeouts = { startupMs: 1000, requestMs: 1000 };
    const stdio = await secrets.resolve({
      name: 's',
      transport: 'stdio',
      command: 'x',
      args: ['--key=${secret:s.A}'],
      env: { KEY: '${secret:s.A}' },
      disabled: false,
      timeouts,
      protocol: 'auto',
    });
    expect(stdio).toMatchObject({ args: ['--key=alpha'], env: { KEY: 'alpha' } });
    await expect(
      secrets.resolve({
        name: 'r',
        transport: 'http',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer ${secret:r.TOKEN}' },
        disabled: false,
        timeouts,
        protocol: 'auto',
      }),
    ).rejects.toThrow(/r\.TOKEN, which is not in the secret store/);
  });

  it('a server starts with the stored secret, and fails clearly (no retries) without it', async () => {
    const store = new MemorySecretStore();
    const secrets = new ServerSecrets(store);
    await secrets.set('with.TOKEN', 'from-the-keychain');
    const echo = fixtureServer('echo.mjs');
    harness = await McpHarness.start(
      {
        with: nodeServer(echo, { env: { TOKEN: '${secret:with.TOKEN}' } }),
        without: nodeServer(echo, { env: { TOKEN: '${secret:without.TOKEN}' } }),
      },
      {},
      { secrets },
    );
    await harness.until('with', 'ready');
    const result = await harness.mcp.supervisor('with').callTool('env', { name: 'TOKEN' });
    expect(JSON.stringify(result.content)).toContain('from-the-keychain');
    const failed = await harness.until('without', 'error');
    expect(failed.kind === 'error' && failed.failure.message).toMatch(
      /uses the secret without\.TOKEN, which is not in the secret store/,
    );
    // The file never held the value: only the reference.
    expect(JSON.stringify(harness.files.state.text)).not.toContain('from-the-keychain');
  });
});
