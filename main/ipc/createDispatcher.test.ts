import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/domain/settings';
import { AppError, AppErrorCode } from '../../shared/errors';
import type { RequestHandlers } from '../../shared/ipc/contract';
import { requestNames } from '../../shared/ipc/names';
import { createLogger } from '../platform/Logger';
import { createDispatcher, validatesOutputsByDefault } from './createDispatcher';

const snapshot = { ...defaultSettings, apiKeySource: 'none' as const };
const log = createLogger({ consoleLevel: 'silent' });

function handlers(overrides: Partial<RequestHandlers> = {}): RequestHandlers {
  // Entries a test does not use answer NOT_FOUND; the ones below are real.
  const unused = Object.fromEntries(
    requestNames.map((name) => [
      name,
      () => {
        throw new AppError(AppErrorCode.NotFound, `${name} unused here`);
      },
    ]),
  ) as unknown as RequestHandlers;
  return {
    ...unused,
    'app.bootstrap': () => ({
      version: '1',
      platform: 'linux',
      shell: 'web',
      settings: snapshot,
      servers: [],
      conversations: [],
      pendingApprovals: [],
    }),
    'settings.get': () => snapshot,
    'settings.update': (patch) => ({ ...snapshot, ...patch }),
    'settings.setApiKey': () => ({ ...snapshot, apiKeySource: 'secret-store' }),
    'settings.clearApiKey': () => snapshot,
    ...overrides,
  };
}

describe('createDispatcher', () => {
  it('calls the handler with parsed input and wraps the result', async () => {
    const dispatch = createDispatcher(handlers(), log);
    expect(await dispatch('settings.update', { theme: 'dark' })).toEqual({
      ok: true,
      value: { ...snapshot, theme: 'dark' },
    });
  });

  it('answers unknown names with a validation error', async () => {
    const dispatch = createDispatcher(handlers(), log);
    for (const name of ['nope', '', 'constructor', '__proto__', 12, null, { a: 1 }]) {
      const result = await dispatch(name, {});
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe(AppErrorCode.Validation);
    }
  });

  it('answers invalid input with the failing paths', async () => {
    const dispatch = createDispatcher(handlers(), log);
    const result = await dispatch('settings.update', { theme: 7, language: 'xx' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(AppErrorCode.Validation);
    const paths = (result.error.data as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['theme', 'language']));
  });

  it('keeps AppError codes and hides foreign errors behind INTERNAL', async () => {
    const dispatch = createDispatcher(
      handlers({
        'settings.get': () => {
          throw new AppError(AppErrorCode.SecretStoreUnavailable, 'no keychain');
        },
        'settings.clearApiKey': () => {
          throw new Error('disk on fire');
        },
      }),
      log,
    );
    expect(await dispatch('settings.get', {})).toEqual({
      ok: false,
      error: { code: 'SECRET_STORE_UNAVAILABLE', message: 'no keychain' },
    });
    const internal = await dispatch('settings.clearApiKey', {});
    expect(internal.ok || internal.error.code).toBe('INTERNAL');
  });

  it('answers deeply nested input with a validation error, without recursion that overflows', async () => {
    const dispatch = createDispatcher(handlers(), log);
    for (const depth of [5_000, 200_000]) {
      let nested: unknown = 'leaf';
      for (let i = 0; i < depth; i++) nested = { a: [nested] };
      const call = await dispatch('mcp.callTool', {
        server: 's',
        tool: 't',
        arguments: { deep: nested },
      });
      expect(call.ok || call.error.code).toBe('VALIDATION');
      if (!call.ok) expect(call.error.message).toMatch(/nested deeper than 100 levels/);
      const other = await dispatch('settings.update', nested);
      expect(other.ok || other.error.code).toBe('VALIDATION');
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const answer = await dispatch('settings.update', cyclic);
    expect(answer.ok || answer.error.code).toBe('VALIDATION');
  });

  it('answers oversized input with a validation error before parsing it', async () => {
    const dispatch = createDispatcher(handlers(), log);
    const huge = await dispatch('settings.update', { theme: 'x'.repeat(33 * 1024 * 1024) });
    expect(huge.ok || huge.error.message).toMatch(/larger than 32 MiB/);
    const args = await dispatch('mcp.callTool', {
      server: 's',
      tool: 't',
      arguments: { text: 'x'.repeat(600 * 1024) },
    });
    expect(args.ok || args.error.code).toBe('VALIDATION');
  });

  it('fails an answer that breaks the output schema when outputs are validated', async () => {
    const broken = handlers({
      'settings.get': () => ({ ...snapshot, theme: 'purple' }) as unknown as typeof snapshot,
    });
    const checked = await createDispatcher(broken, log, { validateOutputs: true })(
      'settings.get',
      {},
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.error.code).toBe('INTERNAL');
      expect(JSON.stringify(checked.error.data)).toContain('theme');
    }
    const unchecked = await createDispatcher(broken, log, { validateOutputs: false })(
      'settings.get',
      {},
    );
    expect(unchecked).toMatchObject({ ok: true, value: { theme: 'purple' } });
  });

  it('validates outputs unless NODE_ENV is production', () => {
    expect(validatesOutputsByDefault({})).toBe(true);
    expect(validatesOutputsByDefault({ NODE_ENV: 'test' })).toBe(true);
    expect(validatesOutputsByDefault({ NODE_ENV: 'production' })).toBe(false);
  });
});
