import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearLoginShellEnvCache,
  parseMarkedEnv,
  resolveLoginShellEnv,
} from './resolveLoginShellEnv';

describe.skipIf(process.platform === 'win32')('resolveLoginShellEnv', () => {
  let home: string;

  beforeEach(async () => {
    clearLoginShellEnvCache();
    home = await mkdtemp(path.join(tmpdir(), 'login-shell-'));
  });

  afterEach(async () => {
    clearLoginShellEnvCache();
    await rm(home, { recursive: true, force: true });
  });

  const baseEnv = (): Record<string, string> => ({
    HOME: home,
    PATH: '/usr/bin:/bin',
    USER: 'tester',
  });

  it("reads PATH and the rest of the environment from the user's login shell", async () => {
    // Login profiles print noise and set PATH; only what lies between the markers counts.
    await writeFile(
      path.join(home, '.bash_profile'),
      [
        'echo "Welcome back!"',
        'export PATH="/opt/custom/bin:$PATH"',
        'export FROM_PROFILE="multi',
        'line = value"',
        'printf "no newline at the end"',
      ].join('\n'),
    );
    const result = await resolveLoginShellEnv({ shell: '/bin/bash', env: baseEnv() });
    expect(result.error).toBeUndefined();
    expect(result.source).toBe('login-shell');
    expect(result.PATH.split(':')[0]).toBe('/opt/custom/bin');
    expect(result.env.PATH).toBe(result.PATH);
    expect(result.env.FROM_PROFILE).toBe('multi\nline = value');
    expect(result.env.HOME).toBe(home);
  });

  it('falls back to the given environment when the shell hangs, within the timeout', async () => {
    const slowShell = path.join(home, 'slow-shell');
    await writeFile(slowShell, '#!/bin/sh\nsleep 30\n');
    await chmod(slowShell, 0o755);
    const started = Date.now();
    const result = await resolveLoginShellEnv({ shell: slowShell, env: baseEnv(), timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.source).toBe('process');
    expect(result.error).toMatch(/did not finish within 300 ms/);
    expect(result.PATH).toBe('/usr/bin:/bin');
  });

  it('falls back when the shell does not exist or fails', async () => {
    const missing = await resolveLoginShellEnv({
      shell: path.join(home, 'no-such-shell'),
      env: baseEnv(),
    });
    expect(missing.source).toBe('process');
    expect(missing.error).toMatch(/could not run/);
    const failing = await resolveLoginShellEnv({ shell: '/bin/false', env: baseEnv() });
    expect(failing.source).toBe('process');
    expect(failing.error).toMatch(/exited with code 1/);
  });

  it('appends existing version-manager bin directories missing from PATH', async () => {
    await mkdir(path.join(home, '.volta', 'bin'), { recursive: true });
    await mkdir(path.join(home, '.asdf', 'shims'), { recursive: true });
    const result = await resolveLoginShellEnv({ shell: '/bin/false', env: baseEnv() });
    expect(result.addedDirs).toEqual([
      path.join(home, '.volta', 'bin'),
      path.join(home, '.asdf', 'shims'),
    ]);
    expect(result.PATH).toBe(
      `/usr/bin:/bin:${path.join(home, '.volta', 'bin')}:${path.join(home, '.asdf', 'shims')}`,
    );
  });

  it('caches the result per shell for the life of the process', async () => {
    const first = resolveLoginShellEnv({ shell: '/bin/false', env: baseEnv() });
    const second = resolveLoginShellEnv({ shell: '/bin/false', env: { PATH: '/other' } });
    expect(second).toBe(first);
    expect((await second).PATH).toBe('/usr/bin:/bin');
  });
});

describe('resolveLoginShellEnv on Windows', () => {
  it('returns the environment as is', async () => {
    clearLoginShellEnvCache();
    const env = { Path: 'C:\\Windows', USERPROFILE: 'C:\\Users\\me' };
    const result = await resolveLoginShellEnv({ platform: 'win32', env, shell: 'cmd.exe' });
    expect(result).toEqual({ env, PATH: 'C:\\Windows', source: 'process', addedDirs: [] });
    clearLoginShellEnvCache();
  });
});

describe('parseMarkedEnv', () => {
  it('reads NUL-separated entries between the markers only', () => {
    expect(parseMarkedEnv('noise MA=1\0B=x=y\0EMPTY=\0M trailing', 'M')).toEqual({
      A: '1',
      B: 'x=y',
      EMPTY: '',
    });
  });

  it('rejects output without markers', () => {
    expect(() => parseMarkedEnv('PATH=/bin', 'MARK')).toThrow(/no environment/);
  });
});
