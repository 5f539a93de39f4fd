import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/Logger';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { ServerSecrets } from '../secrets/ServerSecrets';
import { ImportCoordinator } from './ImportCoordinator';
import { ServersFileService } from './ServersFileService';

let files: ServersFileService | undefined;
afterEach(() => files?.dispose());

async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'sb-import-coord-'));
  const context = {
    platform: 'linux' as const,
    homedir: join(root, 'home'),
    env: {},
    cwd: join(root, 'proj'),
  };
  files = new ServersFileService({
    file: join(root, 'servers.json'),
    env: {},
    log: createLogger({ consoleLevel: 'silent' }),
  });
  await files.load();
  const store = new MemorySecretStore();
  const imports = new ImportCoordinator(files, context, new ServerSecrets(store));
  return { root, context, imports, store, file: join(root, 'servers.json') };
}

describe('ImportCoordinator', () => {
  it('says where it looked when it found nothing', async () => {
    const { imports, context } = await setup();
    const listed = await imports.list();
    expect(listed.sources).toEqual([]);
    expect(listed.searched).toEqual([
      join(context.homedir, '.config', 'Claude', 'claude_desktop_config.json'),
      join(context.homedir, '.cursor', 'mcp.json'),
      join(context.cwd, '.vscode', 'mcp.json'),
      join(context.homedir, '.config', 'Code', 'User', 'mcp.json'),
      join(context.cwd, '.mcp.json'),
    ]);
  });

  it('imports a file the person picked, moving plaintext tokens into the secret store', async () => {
    const { imports, root, store, file } = await setup();
    const picked = join(root, 'elsewhere', 'my-servers.json');
    await mkdir(join(root, 'elsewhere'));
    await writeFile(
      picked,
      JSON.stringify({
        mcpServers: {
          github: {
            command: 'docker',
            args: ['run', 'ghcr.io/github/github-mcp-server'],
            env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_plain', LOG_LEVEL: 'info' },
          },
          remote: {
            url: 'https://x.test/mcp',
            headers: { Authorization: 'Bearer abc' },
            // What another file says of itself is not believed: this is an import.
            origin: { kind: 'registry', name: 'io.example/remote', secrets: ['other.TOKEN'] },
          },
        },
      }),
    );
    const source = await imports.readFile(picked);
    expect(source).toMatchObject({
      id: `file:${picked}`,
      kind: 'claude-desktop',
      label: 'my-servers.json',
    });
    expect(source.plaintextSecrets).toEqual([
      { server: 'github', field: 'env', key: 'GITHUB_PERSONAL_ACCESS_TOKEN' },
      { server: 'remote', field: 'headers', key: 'Authorization' },
    ]);
    await expect(imports.readFile('relative.json')).rejects.toThrow(/full path/);
    await imports.apply({
      sourceId: source.id,
      names: ['github', 'remote'],
      renames: {},
      inputs: {},
      moveSecrets: true,
    });
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('ghp_plain');
    expect(text).not.toContain('Bearer abc');
    expect(JSON.parse(text)).toMatchObject({
      mcpServers: {
        github: {
          env: {
            GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:github.GITHUB_PERSONAL_ACCESS_TOKEN}',
            LOG_LEVEL: 'info',
          },
        },
        remote: { headers: { Authorization: '${secret:remote.header.Authorization}' } },
      },
    });
    expect(await store.get('server-secret:github.GITHUB_PERSONAL_ACCESS_TOKEN')).toBe('ghp_plain');
    expect(await store.get('server-secret:remote.header.Authorization')).toBe('Bearer abc');
    const written = JSON.parse(text) as { mcpServers: Record<string, { origin?: unknown }> };
    for (const name of ['github', 'remote']) {
      expect(written.mcpServers[name]?.origin).toEqual({ kind: 'import', name: 'my-servers.json' });
    }
    // The moved values were created for their servers: removing one deletes its own.
    const secrets = new ServerSecrets(store);
    expect(await secrets.ownedBy('github')).toEqual(['github.GITHUB_PERSONAL_ACCESS_TOKEN']);
    expect(await secrets.ownedBy('remote')).toEqual(['remote.header.Authorization']);
  });

  it('reads VS Code’s format from a picked file (comments allowed)', async () => {
    const { imports, root } = await setup();
    const picked = join(root, 'mcp.json');
    await writeFile(
      picked,
      '{\n  // mine\n  "servers": { "fs": { "command": "npx", "args": ["fs"] } },\n}\n',
    );
    const source = await imports.readFile(picked);
    expect(source.kind).toBe('vscode-user');
    expect(source.servers.map((s) => s.name)).toEqual(['fs']);
  });
});
