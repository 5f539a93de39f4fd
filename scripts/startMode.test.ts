import { describe, expect, it } from 'vitest';
import { chooseStart, electronBinary } from './startMode.mjs';

const root = '/repo';
/** A file system holding exactly these files. */
const fs = (files: Record<string, string>) => ({
  exists: (path: string) => path in files,
  read: (path: string) => files[path] ?? '',
});
const installed = fs({
  '/repo/node_modules/electron/path.txt': 'electron',
  '/repo/node_modules/electron/dist/electron': '',
});

describe('npm start', () => {
  it('runs the desktop app when the Electron binary is installed and there is a display', () => {
    expect(chooseStart({ root, env: { DISPLAY: ':0' }, platform: 'linux', ...installed })).toEqual({
      mode: 'electron',
    });
    expect(chooseStart({ root, env: {}, platform: 'darwin', ...installed })).toEqual({
      mode: 'electron',
    });
    expect(electronBinary({ root, ...installed })).toBe(
      '/repo/node_modules/electron/dist/electron',
    );
  });

  it('says in one line what is missing and how to get it, then runs in the browser', () => {
    const cases = [
      fs({}), // installed with ELECTRON_SKIP_BINARY_DOWNLOAD: no path.txt
      fs({ '/repo/node_modules/electron/path.txt': 'electron' }), // path.txt, no binary
    ];
    for (const files of cases) {
      const choice = chooseStart({ root, env: { DISPLAY: ':0' }, platform: 'linux', ...files });
      expect(choice.mode).toBe('web');
      if (choice.mode !== 'web') continue;
      expect(choice.reason).not.toContain('\n');
      expect(choice.reason).toMatch(/^Electron's binary is not installed/);
      expect(choice.reason).toContain('run `npm install` again without that variable');
      expect(choice.reason).toMatch(/Starting Switchboard in your browser instead\.$/);
    }
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like the electron package does', () => {
    const env = { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron', DISPLAY: ':0' };
    const files = fs({ '/opt/electron/electron': '' });
    expect(chooseStart({ root, env, platform: 'linux', ...files })).toEqual({ mode: 'electron' });
    expect(chooseStart({ root, env, platform: 'linux', ...fs({}) }).mode).toBe('web');
  });

  it('uses the browser on Linux without a display', () => {
    const choice = chooseStart({ root, env: {}, platform: 'linux', ...installed });
    expect(choice).toEqual({
      mode: 'web',
      reason: expect.stringMatching(/^No display/) as unknown,
    });
    expect(
      chooseStart({ root, env: { WAYLAND_DISPLAY: 'wayland-0' }, platform: 'linux', ...installed }),
    ).toEqual({ mode: 'electron' });
  });
});
