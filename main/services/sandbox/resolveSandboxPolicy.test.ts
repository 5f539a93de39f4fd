import { describe, expect, it } from 'vitest';
import { displayRules, resolveSandboxPolicy } from './resolveSandboxPolicy';

const linux = {
  platform: 'linux' as const,
  home: '/home/ada',
  dataDir: '/home/ada/.config/Switchboard',
  serverState: '/home/ada/.config/Switchboard/server-state/fs-1',
  cwd: '/home/ada/work',
  roots: ['/home/ada/docs', '/srv/shared'],
};

describe('resolveSandboxPolicy', () => {
  it('puts in ~ and the variables, resolves relative paths against the cwd, adds the defaults', () => {
    const policy = resolveSandboxPolicy(
      {
        filesystem: {
          allowWrite: ['~/notes', '${roots}/out', 'build', '${userHome}/x'],
          denyRead: ['${cwd}/.env', '${workspaceFolder}/**/*.pem'],
          denyWrite: ['${serverState}/locked'],
          allowRead: ['~/.aws/config'],
        },
        network: { allowedDomains: ['api.example.com'], deniedDomains: ['*'] },
      },
      linux,
    );
    expect(policy.allowWrite).toEqual([
      linux.serverState,
      '/home/ada/notes',
      '/home/ada/docs/out',
      '/srv/shared/out',
      '/home/ada/work/build',
      '/home/ada/x',
    ]);
    expect(policy.denyRead).toEqual(
      expect.arrayContaining([
        linux.dataDir,
        '/home/ada/.ssh',
        '/home/ada/.aws',
        '/home/ada/.gnupg',
        '/home/ada/.config/gcloud',
        '/home/ada/.kube',
        '/home/ada/.docker/config.json',
        '/home/ada/.netrc',
        '/home/ada/.mozilla',
        '/home/ada/.config/google-chrome',
        '/home/ada/.local/share/keyrings',
        '/home/ada/work/.env',
        '/home/ada/work/**/*.pem',
      ]),
    );
    expect(policy.allowRead).toEqual([
      linux.serverState,
      '/home/ada/.config/Switchboard/bundles',
      '/home/ada/.aws/config',
    ]);
    expect(policy.denyWrite).toEqual([`${linux.serverState}/locked`]);
    expect(policy.tmpDir).toBe(`${linux.serverState}/tmp`);
    // The person's patterns stay patterns; the host's own paths are names.
    expect(policy.literal).toContain('/home/ada/.ssh');
    expect(policy.literal).not.toContain('/home/ada/work/**/*.pem');
    expect(displayRules(policy, linux.home, 'linux').allowWrite[1]).toBe('~/notes');
  });

  it('an entry with ${roots} stands for nothing while no root is granted', () => {
    const policy = resolveSandboxPolicy(
      { filesystem: { allowWrite: ['${roots}'] } },
      { ...linux, roots: [] },
    );
    expect(policy.allowWrite).toEqual([linux.serverState]);
  });

  it('denies each system’s own keychains and browser profiles', () => {
    const mac = resolveSandboxPolicy(undefined, {
      ...linux,
      platform: 'darwin',
      home: '/Users/ada',
      dataDir: '/Users/ada/Library/Application Support/Switchboard',
      serverState: '/Users/ada/Library/Application Support/Switchboard/server-state/fs-1',
    });
    expect(mac.denyRead).toEqual(
      expect.arrayContaining([
        '/Users/ada/Library/Keychains',
        '/Users/ada/Library/Application Support/Google/Chrome',
        '/Users/ada/Library/Application Support/Firefox',
        '/Users/ada/.ssh',
      ]),
    );
    const windows = resolveSandboxPolicy(undefined, {
      platform: 'win32',
      home: 'C:\\Users\\ada',
      dataDir: 'C:\\Users\\ada\\AppData\\Roaming\\Switchboard',
      serverState: 'C:\\Users\\ada\\AppData\\Roaming\\Switchboard\\server-state\\fs-1',
      cwd: 'C:\\work',
      roots: [],
      env: { APPDATA: 'D:\\Roaming', LOCALAPPDATA: 'D:\\Local' },
    });
    expect(windows.denyRead).toEqual(
      expect.arrayContaining([
        'C:\\Users\\ada\\.ssh',
        'D:\\Roaming\\Microsoft\\Credentials',
        'D:\\Roaming\\Microsoft\\Protect',
        'D:\\Local\\Google\\Chrome\\User Data',
        'D:\\Local\\Microsoft\\Edge\\User Data',
      ]),
    );
    expect(windows.tmpDir).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\Switchboard\\server-state\\fs-1\\tmp',
    );
  });
});
