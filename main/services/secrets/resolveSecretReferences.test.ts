import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { MemorySecretStore } from '../mcp/auth/MemorySecretStore';
import {
  resolveSecretReferences,
  secretReferences,
  userSecretKey,
} from './resolveSecretReferences';

describe('${secret:NAME} references', () => {
  it('finds the names and replaces each with the stored secret', async () => {
    const store = new MemorySecretStore();
    await store.set(userSecretKey('a'), 'one');
    await store.set(userSecretKey('b.c'), 'two');
    expect(secretReferences('x ${secret:a} ${env:E} ${secret:b.c}')).toEqual(['a', 'b.c']);
    expect(await resolveSecretReferences('${secret:a}-${secret:b.c}-${secret:a}', store, 'f')).toBe(
      'one-two-one',
    );
    expect(await resolveSecretReferences('plain ${env:E}', store, 'f')).toBe('plain ${env:E}');
  });

  it('names a missing secret and how to store it, never another secret’s value', async () => {
    const store = new MemorySecretStore();
    await store.set(userSecretKey('a'), 'one');
    await expect(
      resolveSecretReferences('${secret:a}${secret:gone}', store, 'srv: oauth.x'),
    ).rejects.toMatchObject({
      code: AppErrorCode.McpAuthRequired,
      message:
        'srv: oauth.x uses ${secret:gone}, but no secret named gone is stored. Store it with `npm run --silent cli -- secret set gone`.',
    });
    await expect(resolveSecretReferences('${secret:}', store, 'f')).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
  });

  it('reads only the user namespace of the store, not the app’s own entries', async () => {
    const store = new MemorySecretStore();
    await store.set('oauth:srv:tokens', 'app-owned');
    await expect(
      resolveSecretReferences('${secret:oauth:srv:tokens}', store, 'f'),
    ).rejects.toMatchObject({
      code: AppErrorCode.Validation,
    });
  });
});
