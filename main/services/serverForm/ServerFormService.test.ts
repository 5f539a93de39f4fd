import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyServerForm, type ServerForm } from '../../../shared/domain/serverForm';
import { MemorySecretStore } from '../../platform/MemorySecretStore';
import { McpHarness, fixtureServer } from '../mcp/testing/McpHarness';
import { ServerSecrets } from '../secrets/ServerSecrets';
import { ServerFormService } from './ServerFormService';

let harness: McpHarness | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

const echo = fixtureServer('echo.mjs');

async function setup(servers: Record<string, unknown> = {}) {
  const store = new MemorySecretStore();
  const secrets = new ServerSecrets(store);
  harness = await McpHarness.start(servers, {}, { secrets });
  const form = new ServerFormService({
    files: harness.files,
    mcp: harness.mcp,
    secrets,
    env: { PATH: process.env.PATH },
  });
  return { store, form, harness };
}

const echoForm = (extra: Partial<ServerForm> = {}): ServerForm => ({
  ...emptyServerForm,
  name: 'echo',
  command: process.execPath,
  args: [echo],
  env: [
    { name: 'MODE', value: 'plain', secret: false },
    { name: 'TOKEN', value: 'tok-123', secret: true },
  ],
  ...extra,
});

describe('ServerFormService', () => {
  it('tests a form (tools, with the unsaved secret) and reports why a bad one fails', async () => {
    const { form, store } = await setup();
    const ok = await form.test(echoForm());
    expect(ok.ok && ok.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'env']));
    expect(store.names()).toEqual([]);
    const bad = await form.test(echoForm({ command: 'no-such-command-xyz' }));
    expect(bad).toMatchObject({ ok: false, code: 'MCP_SPAWN_FAILED' });
    expect(!bad.ok && bad.message).toMatch(/no-such-command-xyz/);
  });

  it('saves a new server: the secret to the store, a reference to the file, and it runs', async () => {
    const { form, store, harness } = await setup();
    await form.save(echoForm());
    const text = await readFile(harness.file, 'utf8');
    expect(text).not.toContain('tok-123');
    expect(JSON.parse(text)).toMatchObject({
      mcpServers: {
        echo: { command: process.execPath, env: { MODE: 'plain', TOKEN: '${secret:echo.TOKEN}' } },
      },
    });
    expect(await store.get('server-secret:echo.TOKEN')).toBe('tok-123');
    await harness.until('echo', 'ready');
    const result = await harness.mcp.supervisor('echo').callTool('env', { name: 'TOKEN' });
    expect(JSON.stringify(result.content)).toContain('tok-123');
    const view = await form.get('echo');
    expect(view.env).toEqual([
      { name: 'MODE', value: 'plain', secret: false },
      { name: 'TOKEN', value: '', secret: true, secretName: 'echo.TOKEN', stored: true },
    ]);
  });

  it('edits keep unknown keys and other servers’ bytes; a new secret value alone restarts the server', async () => {
    const { form, store, harness } = await setup();
    const original = `{\n  "mcpServers": {\n    "other": { "command": "x", "disabled": true },\n    "echo": {\n      "command": ${JSON.stringify(process.execPath)},\n      "args": [${JSON.stringify(echo)}],\n      "env": { "TOKEN": "\${secret:echo.TOKEN}" },\n      "timeouts": { "startupMs": 20000 },\n      "x-note": "keep me"\n    }\n  }\n}\n`;
    await store.set('server-secret:echo.TOKEN', 'old');
    await writeFile(harness.file, original);
    await harness.files.load();
    await harness.until('echo', 'ready');
    const pid = harness.mcp.supervisor('echo').pid;
    const edited = await form.get('echo');
    await form.save(
      { ...edited, env: [{ name: 'TOKEN', value: 'new', secret: true, secretName: 'echo.TOKEN' }] },
      'echo',
    );
    expect(await readFile(harness.file, 'utf8')).toBe(original);
    expect(await store.get('server-secret:echo.TOKEN')).toBe('new');
    await expect.poll(() => harness.mcp.supervisor('echo').pid, { timeout: 10_000 }).not.toBe(pid);
    await harness.until('echo', 'ready');
    const result = await harness.mcp.supervisor('echo').callTool('env', { name: 'TOKEN' });
    expect(JSON.stringify(result.content)).toContain('new');
    await form.save({ ...edited, name: 'echo2', args: [echo, '--x'] }, 'echo');
    const saved = JSON.parse(await readFile(harness.file, 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(Object.keys(saved.mcpServers)).toEqual(['other', 'echo2']);
    expect(saved.mcpServers.echo2).toEqual({
      command: process.execPath,
      args: [echo, '--x'],
      env: { TOKEN: '${secret:echo.TOKEN}' },
      timeouts: { startupMs: 20000 },
      'x-note': 'keep me',
    });
  });

  it('refuses incomplete forms without storing anything; remove forgets the server’s own secrets', async () => {
    const { form, store, harness } = await setup();
    await expect(
      form.save(echoForm({ env: [{ name: 'K', value: '', secret: true }] })),
    ).rejects.toThrow(/enter a value for the secret K/);
    await expect(
      form.save(echoForm({ name: 'r', transport: 'http', url: 'not a url' })),
    ).rejects.toThrow(/http:\/\/ or https:\/\//);
    expect(store.names()).toEqual([]);
    await form.save(echoForm());
    await form.save({
      ...emptyServerForm,
      name: 'remote',
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer abc', secret: true }],
      oauth: {
        ...emptyServerForm.oauth,
        clientId: 'cid',
        clientSecret: { value: 'cs', secret: true },
      },
    });
    const remote = JSON.parse(await readFile(harness.file, 'utf8')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(remote.mcpServers.remote).toEqual({
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: '${secret:remote.header.Authorization}' },
      oauth: { clientId: 'cid', clientSecret: '${secret:remote.oauth.clientSecret}' },
    });
    await form.remove('echo');
    // Each value the form created is recorded as the server's, next to it in the store.
    expect(store.names().sort()).toEqual([
      'server-secret-owner:remote.header.Authorization',
      'server-secret-owner:remote.oauth.clientSecret',
      'server-secret:remote.header.Authorization',
      'server-secret:remote.oauth.clientSecret',
    ]);
    await form.remove('remote');
    expect(store.names()).toEqual([]);
  });
});
