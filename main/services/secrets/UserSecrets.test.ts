import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { MemorySecretStore } from '../mcp/auth/MemorySecretStore';
import { resolveSecretReferences } from './resolveSecretReferences';
import { MAX_SECRET_CHARS, UserSecrets } from './UserSecrets';

describe('UserSecrets', () => {
  it('keeps values under their names, lists only names, replaces and forgets', async () => {
    const store = new MemorySecretStore();
    const secrets = new UserSecrets(store);
    expect(await secrets.names()).toEqual([]);
    expect(await secrets.set('b-key', 'PEM')).toEqual(['b-key']);
    expect(await secrets.set('a.token', 'one')).toEqual(['a.token', 'b-key']);
    expect(await secrets.set('a.token', 'two')).toEqual(['a.token', 'b-key']);
    expect(await resolveSecretReferences('${secret:a.token}', store, 'f')).toBe('two');
    expect(await secrets.delete('b-key')).toEqual(['a.token']);
    await expect(resolveSecretReferences('${secret:b-key}', store, 'f')).rejects.toMatchObject({
      code: AppErrorCode.McpAuthRequired,
    });
  });

  it('refuses bad names, empty and oversized values', async () => {
    const secrets = new UserSecrets(new MemorySecretStore());
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
