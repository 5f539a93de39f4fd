import { describe, expect, it } from 'vitest';
import { buildServerEnv } from './buildServerEnv';

describe('buildServerEnv', () => {
  const login = {
    HOME: '/home/me',
    LOGNAME: 'me',
    PATH: '/usr/local/bin:/usr/bin',
    SHELL: '/bin/zsh',
    TERM: 'xterm-256color',
    USER: 'me',
    ANTHROPIC_API_KEY: 'sk-ant-api03-secret',
    GITHUB_TOKEN: 'ghp_secret',
    ELECTRON_RUN_AS_NODE: '1',
    LANG: 'en_US.UTF-8',
    UNDEFINED: undefined,
  };

  it('passes only the POSIX allow-list from the login environment', () => {
    expect(buildServerEnv({}, login, 'linux')).toEqual({
      HOME: '/home/me',
      LOGNAME: 'me',
      PATH: '/usr/local/bin:/usr/bin',
      SHELL: '/bin/zsh',
      TERM: 'xterm-256color',
      USER: 'me',
    });
  });

  it('puts the configured env on top, including overrides of allowed names', () => {
    const env = buildServerEnv({ PATH: '/opt/bin', API_TOKEN: 'configured' }, login, 'darwin');
    expect(env.PATH).toBe('/opt/bin');
    expect(env.API_TOKEN).toBe('configured');
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it('drops exported shell functions', () => {
    const env = buildServerEnv({}, { ...login, TERM: '() { echo pwned; }' }, 'linux');
    expect(env.TERM).toBeUndefined();
  });

  it('uses the Windows allow-list, matching names case-insensitively', () => {
    const windowsLogin = {
      Path: 'C:\\Windows;C:\\nodejs',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      SystemRoot: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\me',
      APPDATA: 'C:\\Users\\me\\AppData\\Roaming',
      HOME: 'C:\\Users\\me',
      ANTHROPIC_API_KEY: 'secret',
    };
    const env = buildServerEnv({ path: 'C:\\custom' }, windowsLogin, 'win32');
    expect(env).toEqual({
      APPDATA: 'C:\\Users\\me\\AppData\\Roaming',
      path: 'C:\\custom',
      PATHEXT: '.COM;.EXE;.BAT;.CMD',
      SYSTEMROOT: 'C:\\Windows',
      USERPROFILE: 'C:\\Users\\me',
    });
  });
});
