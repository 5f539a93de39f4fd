import { describe, expect, it } from 'vitest';
import { classifyViolation, inferViolations, type JudgeContext } from './classifyViolation';
import { resolveSandboxPolicy } from './resolveSandboxPolicy';
import { suggestAllowance } from './suggestAllowance';

const ctx: JudgeContext = {
  platform: 'linux',
  home: '/home/ada',
  policy: resolveSandboxPolicy(
    {
      filesystem: { allowWrite: ['/srv/out'], denyWrite: ['/srv/out/locked'] },
      network: { allowedDomains: ['*.example.com'] },
    },
    {
      platform: 'linux',
      home: '/home/ada',
      dataDir: '/home/ada/.config/Switchboard',
      serverState: '/home/ada/.config/Switchboard/server-state/fs-1',
      cwd: '/home/ada',
      roots: [],
    },
  ),
};

describe('classifyViolation', () => {
  it('reads the proxy’s, the Linux monitor’s and Seatbelt’s lines', () => {
    expect(
      classifyViolation(
        'deny network-outbound api.other.test:443 (host is not on the allow list)',
        ctx,
      ),
    ).toEqual({ kind: 'connect', target: 'api.other.test:443', source: 'proxy' });
    expect(classifyViolation('deny openat /etc/passwd', ctx)).toEqual({
      kind: 'write',
      target: '/etc/passwd',
      source: 'os',
    });
    expect(
      classifyViolation('node(42) deny(1) file-read-data /Users/ada/.ssh/id_ed25519', {
        ...ctx,
        platform: 'darwin',
      }),
    ).toEqual({ kind: 'read', target: '/Users/ada/.ssh/id_ed25519', source: 'os' });
    expect(classifyViolation('node(42) deny(1) mach-lookup com.apple.x', ctx)).toEqual({
      kind: 'other',
      target: 'mach-lookup com.apple.x',
      source: 'os',
    });
  });

  it('drops the monitor’s reports of writes the server may do', () => {
    expect(classifyViolation('deny openat /srv/out/file.txt', ctx)).toBeUndefined();
    expect(classifyViolation(`deny openat ${ctx.policy.tmpDir}/x`, ctx)).toBeUndefined();
    expect(classifyViolation('deny mkdir /tmp', ctx)).toBeUndefined(); // exists: mkdir -p
    expect(classifyViolation('deny openat /dev/null', ctx)).toBeUndefined();
    expect(classifyViolation('deny openat /srv/out/locked/x', ctx)).toMatchObject({
      kind: 'write',
    });
  });
});

describe('inferViolations (errors the server reported)', () => {
  it('finds reads of denied places, refused writes and connections off the proxy', () => {
    expect(
      inferViolations(
        "ENOENT: no such file or directory, open '/home/ada/.ssh/id_ed25519' (path: '/home/ada/.ssh/id_ed25519')",
        ctx,
      ),
    ).toEqual([{ kind: 'read', target: '/home/ada/.ssh/id_ed25519', source: 'error' }]);
    expect(inferViolations('cat: ~/.aws/credentials: Permission denied', ctx)).toEqual([
      { kind: 'read', target: '/home/ada/.aws/credentials', source: 'error' },
    ]);
    expect(inferViolations("EROFS: read-only file system, open '/etc/hosts'", ctx)).toEqual([
      { kind: 'write', target: '/etc/hosts', source: 'error' },
    ]);
    expect(inferViolations('connect ECONNREFUSED 127.0.0.1:5432', ctx)).toEqual([
      { kind: 'connect', target: '127.0.0.1:5432', source: 'error' },
    ]);
    expect(inferViolations('getaddrinfo EAI_AGAIN api.other.test', ctx)).toEqual([
      { kind: 'connect', target: 'api.other.test', source: 'error' },
    ]);
  });

  it('leaves ordinary failures alone', () => {
    expect(
      inferViolations("ENOENT: no such file or directory, open '/srv/missing.txt'", ctx),
    ).toEqual([]);
    expect(inferViolations('getaddrinfo ENOTFOUND api.example.com', ctx)).toEqual([]);
    expect(inferViolations('all good: /home/ada/.ssh exists', ctx)).toEqual([]);
  });
});

describe('suggestAllowance', () => {
  it('offers the one entry that would allow it, or none', () => {
    // A place denied by default for its credentials: allowed only when asked twice.
    expect(
      suggestAllowance({ kind: 'read', target: '/home/ada/.ssh/id_ed25519', source: 'error' }, ctx),
    ).toEqual({ key: 'allowRead', value: '~/.ssh/id_ed25519', sensitive: true });
    expect(
      suggestAllowance({ kind: 'read', target: '/srv/private/x', source: 'error' }, ctx),
    ).toEqual({ key: 'allowRead', value: '/srv/private/x' });
    expect(
      suggestAllowance({ kind: 'write', target: '/home/ada/notes/todo.txt', source: 'os' }, ctx),
    ).toEqual({ key: 'allowWrite', value: '~/notes' });
    expect(
      suggestAllowance({ kind: 'write', target: '/home/ada/.bashrc', source: 'os' }, ctx),
    ).toBeUndefined();
    // The host's secrets and history are never one click away.
    expect(
      suggestAllowance(
        { kind: 'read', target: '/home/ada/.config/Switchboard/secrets.json', source: 'error' },
        ctx,
      ),
    ).toBeUndefined();
    expect(
      suggestAllowance({ kind: 'write', target: '/srv/out/locked/x', source: 'os' }, ctx),
    ).toBeUndefined();
    expect(
      suggestAllowance({ kind: 'connect', target: 'api.other.test:443', source: 'proxy' }, ctx),
    ).toEqual({ key: 'allowedDomains', value: 'api.other.test' });
    expect(
      suggestAllowance({ kind: 'connect', target: '127.0.0.1:5432', source: 'error' }, ctx),
    ).toEqual({ key: 'allowedDomains', value: '127.0.0.1:5432' });
  });
});
