import { describe, expect, it } from 'vitest';
import { argValue, resolveDataDir } from './resolveDataDir';

const base = { argv: [], env: {}, platform: 'linux' as const, homedir: '/home/ada' };

describe('resolveDataDir', () => {
  it('prefers --data-dir, then SWITCHBOARD_DATA_DIR', () => {
    const env = { SWITCHBOARD_DATA_DIR: '/env/dir' };
    expect(resolveDataDir({ ...base, env, argv: ['--data-dir', '/arg/dir'] })).toBe('/arg/dir');
    expect(resolveDataDir({ ...base, env, argv: ['--data-dir=/arg/eq'] })).toBe('/arg/eq');
    expect(resolveDataDir({ ...base, env })).toBe('/env/dir');
  });

  it('uses the per-OS location Electron uses for userData', () => {
    expect(resolveDataDir(base)).toBe('/home/ada/.config/Switchboard');
    expect(resolveDataDir({ ...base, env: { XDG_CONFIG_HOME: '/xdg' } })).toBe('/xdg/Switchboard');
    expect(resolveDataDir({ ...base, platform: 'darwin' })).toBe(
      '/home/ada/Library/Application Support/Switchboard',
    );
  });

  it('reads flag values in both spellings', () => {
    expect(argValue(['--port', '80'], '--port')).toBe('80');
    expect(argValue(['--port=81'], '--port')).toBe('81');
    expect(argValue(['--portable'], '--port')).toBeUndefined();
  });
});
