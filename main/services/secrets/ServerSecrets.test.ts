import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SECRET_CHARS } from '../../../shared/domain/secretName';
import { AppErrorCode } from '../../../shared/errors';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
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
    const env = () => undefined;
    const { config: stdio } = await secrets.resolve(
      {
        name: 's',
        transport: 'stdio',
        command: 'x',
        args: ['--key=${secret:s.A}'],
        env: { KEY: '${secret:s.A}' },
        disabled: false,
        timeouts,
        protocol: 'auto',
      },
      { env },
    );
    expect(stdio).toMatchObject({ args: ['--key=alpha'], env: { KEY: 'alpha' } });
    await expect(
      secrets.resolve(
        {
          name: 'r',
          transport: 'http',
          url: 'https://example.com/mcp',
          headers: { Authorization: 'Bearer ${secret:r.TOKEN}' },
          disabled: false,
          timeouts,
          protocol: 'auto',
        },
        { env },
      ),
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

describe('ServerSecrets: the values Settings → Secrets lists', () => {
  it('keeps values under their names, lists only names (whoever stored them), replaces and forgets', async () => {
    const store = new MemorySecretStore();
    const secrets = new ServerSecrets(store);
    // The app's own entries share the store but are not `${secret:NAME}` values.
    await store.set('anthropic-api-key', 'sk-ant');
    await store.set('oauth:srv:tokens', '{}');
    expect(await secrets.names()).toEqual([]);
    await secrets.set('b-key', 'PEM');
    await secrets.set('a.token', 'one');
    await secrets.set('a.token', 'two');
    expect(await secrets.names()).toEqual(['a.token', 'b-key']);
    expect(await secrets.resolveValue('${secret:a.token}', 'f')).toBe('two');
    await secrets.delete('b-key');
    expect(await secrets.names()).toEqual(['a.token']);
    await expect(secrets.resolveValue('${secret:b-key}', 'f')).rejects.toMatchObject({
      code: AppErrorCode.McpAuthRequired,
    });
  });

  it('refuses bad names, empty and oversized values', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await expect(secrets.set('has space', 'x')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    await expect(secrets.set('ok', '')).rejects.toMatchObject({ code: AppErrorCode.Validation });
    await expect(secrets.set('ok', 'x'.repeat(MAX_SECRET_CHARS + 1))).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
    expect(await secrets.names()).toEqual([]);
  });
});

describe('ServerSecrets.resolveValue (the oauth block)', () => {
  it('replaces each reference with the stored value, leaving other ${…} forms alone', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('a', 'one');
    await secrets.set('b.c', 'two');
    expect(await secrets.resolveValue('${secret:a}-${secret:b.c}-${secret:a}', 'f')).toBe(
      'one-two-one',
    );
    expect(await secrets.resolveValue('plain ${env:E}', 'f')).toBe('plain ${env:E}');
  });

  it('names a missing secret, where it is used and how to keep it, never another value', async () => {
    const secrets = new ServerSecrets(new MemorySecretStore());
    await secrets.set('a', 'one');
    await expect(
      secrets.resolveValue('${secret:a}${secret:gone}', 'srv: oauth.x'),
    ).rejects.toMatchObject({
      code: AppErrorCode.McpAuthRequired,
      message:
        'srv: oauth.x uses ${secret:gone}, but no secret named gone is stored. Keep it in Settings → Secrets (CLI: secret set gone).',
      data: { secret: 'gone' },
    });
    await expect(secrets.resolveValue('${secret:}', 'f')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
  });

  it('reads only `${secret:NAME}` values, never the app’s own entries', async () => {
    const store = new MemorySecretStore();
    await store.set('oauth:srv:tokens', 'app-owned');
    await expect(
      new ServerSecrets(store).resolveValue('${secret:oauth:srv:tokens}', 'f'),
    ).rejects.toMatchObject({ code: AppErrorCode.McpAuthRequired });
  });
});
