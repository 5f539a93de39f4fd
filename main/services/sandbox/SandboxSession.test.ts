import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawViolation } from './SandboxEngine';
import { resolveSandboxPolicy, type SandboxPolicyContext } from './resolveSandboxPolicy';
import { SandboxSession, type SandboxLaunchRequest } from './SandboxSession';
import { FakeEngine } from './testing/FakeEngine';

const posixContext = (name: string): SandboxPolicyContext => ({
  platform: 'linux',
  home: '/home/ada',
  dataDir: '/home/ada/.config/Switchboard',
  serverState: `/home/ada/.config/Switchboard/server-state/${name}`,
  cwd: '/home/ada/work',
  roots: [],
});

const windowsContext = (name: string): SandboxPolicyContext => ({
  platform: 'win32',
  home: 'C:\\Users\\ada',
  dataDir: 'C:\\Users\\ada\\AppData\\Roaming\\Switchboard',
  serverState: `C:\\Users\\ada\\AppData\\Roaming\\Switchboard\\server-state\\${name}`,
  cwd: 'C:\\work',
  roots: [],
  env: {
    APPDATA: 'C:\\Users\\ada\\AppData\\Roaming',
    LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
  },
});

function request(
  name: string,
  ctx: SandboxPolicyContext,
  extra: Partial<SandboxLaunchRequest> = {},
): SandboxLaunchRequest {
  return {
    serverName: name,
    policy: resolveSandboxPolicy(undefined, ctx),
    program: ctx.platform === 'win32' ? 'C:\\node\\node.exe' : '/usr/bin/node',
    args: ['server.js', "it's"],
    env: { PATH: '/usr/bin' },
    configuredEnv: { API_KEY: 'k' },
    cwd: ctx.cwd,
    onViolation: () => {},
    ...extra,
  };
}

/** A folder holding only the given programs (links to real files), for the Linux check. */
async function programDir(names: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sb-programs-'));
  for (const name of names) await symlink('/bin/sh', join(dir, name));
  return dir;
}

describe('SandboxSession (the runtime faked at the seam)', () => {
  it('Linux: says which programs are missing and starts nothing without them', async () => {
    const engine = new FakeEngine('linux');
    const dir = await programDir(['bwrap', 'rg']);
    const session = new SandboxSession(engine, { programDirs: () => [dir] });
    await expect(session.launch(request('fs', posixContext('fs')))).rejects.toThrow(
      /Server “fs” runs sandboxed, and the sandbox needs socat: install them with “sudo apt-get install bubblewrap socat ripgrep”.*It was not started without the sandbox\./,
    );
    expect(engine.initialized).toEqual([]);
    expect(engine.wraps).toEqual([]);
  });

  it('Linux and macOS: every filesystem rule per command, the program quoted for sh', async () => {
    for (const platform of ['linux', 'macos'] as const) {
      const engine = new FakeEngine(platform);
      const dir = await programDir(['bwrap', 'socat', 'rg']);
      const session = new SandboxSession(engine, { programDirs: () => [dir] });
      const ctx = posixContext('fs');
      const launch = await session.launch(request('fs', ctx));
      const [wrap] = engine.wraps;
      expect(wrap?.binShell).toBe('/bin/sh');
      expect(wrap?.command).toBe(
        `export TMPDIR='${ctx.serverState}/tmp'; export XDG_CACHE_HOME='${ctx.serverState}/cache'; ` +
          `export npm_config_cache='${ctx.serverState}/cache/npm'; export NODE_USE_ENV_PROXY='1'; ` +
          `exec '/usr/bin/node' 'server.js' 'it'\\''s'`,
      );
      const fs = wrap?.custom.filesystem;
      expect(fs?.allowWrite).toEqual([{ path: ctx.serverState, literal: true }]);
      expect(fs?.denyRead).toContainEqual({ path: '/home/ada/.ssh', literal: true });
      expect(fs?.denyRead).toContainEqual({ path: ctx.dataDir, literal: true });
      expect(fs?.allowRead).toContainEqual({ path: ctx.serverState, literal: true });
      expect(launch.file).toBe('/bin/sh');
      expect(launch.env).toMatchObject({ PATH: '/usr/bin', TMPDIR: `${ctx.serverState}/tmp` });
      expect(engine.initialized[0]?.filesystem.allowWrite).toEqual([]);
      expect(engine.initialized[0]?.bwrapPath).toBe(
        platform === 'linux' ? join(dir, 'bwrap') : undefined,
      );
    }
  });

  it('Windows: cmd line, the server’s variables as --env pairs, grants per session', async () => {
    const engine = new FakeEngine('windows');
    const session = new SandboxSession(engine);
    const a = windowsContext('a');
    const b = windowsContext('b');
    // What an owner configured: both servers' folders are granted when the session starts.
    session.declare('core', [
      resolveSandboxPolicy(undefined, a),
      resolveSandboxPolicy({ filesystem: { allowWrite: ['C:\\notes'] } }, b),
    ]);
    const launch = await session.launch(request('a', a));
    expect(engine.wraps[0]?.binShell).toBe('cmd');
    expect(engine.wraps[0]?.command).toBe('C:\\node\\node.exe ^"server.js^" ^"it\'s^"');
    // Windows takes denies per command; grants are the session's.
    expect(engine.wraps[0]?.custom.filesystem?.allowWrite).toEqual([]);
    expect(engine.wraps[0]?.custom.filesystem?.denyRead).toContainEqual({
      path: 'C:\\Users\\ada\\AppData\\Roaming\\Microsoft\\Credentials',
      literal: true,
    });
    expect(engine.initialized[0]?.filesystem.allowWrite).toEqual([
      a.serverState,
      b.serverState,
      'C:\\notes',
    ]);
    expect([launch.file, ...launch.args]).toEqual([
      'C:\\srt\\srt-win.exe',
      'exec',
      '--env',
      'HTTP_PROXY=http://proxy',
      '--env',
      `TMP=${a.serverState}\\tmp`,
      '--env',
      `TEMP=${a.serverState}\\tmp`,
      '--',
      'cmd.exe',
      '/d',
      '/s',
      '/c',
      'C:\\node\\node.exe ^"server.js^" ^"it\'s^"',
    ]);
    // A server no one declared needs new grants: refused while another one runs…
    const c = windowsContext('c');
    await expect(session.launch(request('c', c))).rejects.toThrow(
      /on Windows the folders sandboxed servers may write are fixed while any of them runs/,
    );
    // …and granted by a new session once none does.
    launch.release();
    await session.launch(request('c', c));
    expect(engine.resets).toBe(1);
    expect(engine.initialized[1]?.filesystem.allowWrite).toContain(c.serverState);
  });

  it('Windows: an install not done yet names the one-time setup', async () => {
    const engine = new FakeEngine('windows');
    engine.dependencyErrors = ['srt-sandbox account not provisioned'];
    const session = new SandboxSession(engine);
    await expect(session.launch(request('a', windowsContext('a')))).rejects.toThrow(
      /run “npx @anthropic-ai\/sandbox-runtime windows-install” once .*srt-sandbox account not provisioned/,
    );
  });

  it('routes each violation to the server it came from; hosts: allowed per server, denied for all', async () => {
    const engine = new FakeEngine('macos');
    const session = new SandboxSession(engine);
    const seen: Record<string, RawViolation[]> = { a: [], b: [] };
    const ctx = posixContext('a');
    const rules = (allowed: string[], denied: string[]) =>
      resolveSandboxPolicy({ network: { allowedDomains: allowed, deniedDomains: denied } }, ctx);
    session.declare('core', [rules(['api.a.test'], ['bad.test']), rules([], ['worse.test'])]);
    const a = await session.launch({
      ...request('a', ctx),
      policy: rules(['api.a.test'], ['bad.test']),
      onViolation: (v) => seen.a?.push(v),
    });
    const b = await session.launch({
      ...request('b', ctx),
      onViolation: (v) => seen.b?.push(v),
    });
    expect(engine.initialized[0]?.network).toEqual({
      allowedDomains: [],
      deniedDomains: ['bad.test', 'worse.test'],
    });
    expect(engine.networks.get(a.commandId)).toEqual(['api.a.test']);
    expect(engine.networks.has(b.commandId)).toBe(false);
    expect(a.commandId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    engine.report(
      'deny network-outbound evil.test:443 (host is not on the allow list)',
      b.commandId,
    );
    engine.report('deny file-write-create /etc/x', a.commandId);
    engine.report('deny network-outbound x.test:80 (no id)');
    expect(seen.a?.map((v) => v.line)).toEqual(['deny file-write-create /etc/x']);
    expect(seen.b?.map((v) => v.line)).toEqual([
      'deny network-outbound evil.test:443 (host is not on the allow list)',
    ]);

    // A changed list applies to the running session at once.
    session.declare('core', [rules([], ['other.test'])]);
    expect(engine.updates.at(-1)?.network.deniedDomains).toEqual(['other.test']);
    a.release();
    expect(engine.networks.has(a.commandId)).toBe(false);
    expect(engine.ended).toBe(1);
  });

  it('warms up once ahead of the first start, which then finds the runtime up', async () => {
    const engine = new FakeEngine('macos');
    const session = new SandboxSession(engine);
    const ctx = posixContext('a');
    session.warmUp(resolveSandboxPolicy(undefined, ctx));
    await expect.poll(() => engine.initialized.length).toBe(1);
    await session.launch(request('a', ctx));
    session.warmUp(resolveSandboxPolicy(undefined, ctx));
    expect(engine.initialized).toHaveLength(1);
    expect(engine.wraps).toHaveLength(1);
  });

  it('refuses on a system the runtime has no sandbox for', async () => {
    const session = new SandboxSession(new FakeEngine(undefined));
    await expect(session.launch(request('a', posixContext('a')))).rejects.toThrow(
      /the sandbox is not available on this system/,
    );
  });
});
