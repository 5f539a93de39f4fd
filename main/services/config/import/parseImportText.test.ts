import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import type { ImportContext, ImportFormat, ImportSource } from './detectImportSources';
import { parseImportText } from './parseImportText';

const ctx: ImportContext = {
  platform: 'linux',
  homedir: '/home/ada',
  env: { GITHUB_TOKEN: 'set', HOME: '/home/ada' },
  cwd: '/work/proj',
};
const source = (format: ImportFormat): ImportSource => ({
  format,
  label: format,
  path: `/x/${format}.json`,
});

describe('parseImportText: Claude Desktop', () => {
  it('imports mcpServers as written and drops keys Switchboard does not use, saying so', () => {
    const text = JSON.stringify(
      {
        globalShortcut: 'Ctrl+Space',
        mcpServers: {
          filesystem: {
            command: 'npx',
            args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/Desktop'],
          },
          github: {
            command: 'docker',
            args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'],
            env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' },
            autoApprove: ['search'],
          },
        },
      },
      null,
      2,
    );
    const imported = parseImportText(source('claude-desktop'), text, ctx);
    expect(imported.errors).toEqual([]);
    expect(imported.inputs).toEqual([]);
    expect(imported.servers).toEqual({
      filesystem: {
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/ada/Desktop'],
      },
      github: {
        command: 'docker',
        args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' },
      },
    });
    expect(imported.warnings).toEqual([
      expect.objectContaining({
        kind: 'unknown-key',
        path: 'mcpServers.github.autoApprove',
        line: 23,
        message: '"autoApprove" of server "github" is not imported: Switchboard does not use it',
      }),
    ]);
  });

  it('reports a broken file with line and column, and skips servers it cannot take', () => {
    const broken = parseImportText(
      source('claude-desktop'),
      '{\n  "mcpServers": {\n    "a": {\n  }\n',
      ctx,
    );
    expect(broken.servers).toEqual({});
    expect(broken.errors[0]).toMatchObject({ kind: 'syntax', line: 5, column: 1 });

    const partly = parseImportText(
      source('claude-desktop'),
      JSON.stringify({
        mcpServers: {
          ok: { command: 'x' },
          ws: { type: 'websocket', url: 'ws://x' },
          bad: { command: 'x', args: [1] },
          str: 'npx thing',
        },
      }),
      ctx,
    );
    expect(Object.keys(partly.servers)).toEqual(['ok']);
    expect(partly.errors.map((e) => [e.path, e.column])).toEqual([
      ['mcpServers.ws.type', 50],
      ['mcpServers.bad.args[0]', 78],
      ['mcpServers.str', 117],
    ]);
  });
});

describe('parseImportText: Cursor', () => {
  it('maps transport aliases and editor variables', () => {
    const text = JSON.stringify({
      mcpServers: {
        remote: {
          type: 'streamable-http',
          url: 'https://mcp.example.test/mcp',
          headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' },
        },
        local: { command: '${userHome}/bin/srv', args: ['${workspaceFolder}/data'] },
        old: { url: 'https://old.test/sse', type: 'sse' },
      },
    });
    const imported = parseImportText(source('cursor'), text, ctx);
    expect(imported.errors).toEqual([]);
    expect(imported.servers).toEqual({
      remote: {
        type: 'http',
        url: 'https://mcp.example.test/mcp',
        headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' },
      },
      local: { command: '/home/ada/bin/srv', args: ['${workspaceFolder}/data'] },
      old: { url: 'https://old.test/sse', type: 'sse' },
    });
    expect(imported.warnings.map((w) => w.message)).toEqual([
      'server "local": ${workspaceFolder} has no meaning outside the editor and was left as written',
    ]);
  });
});

describe('parseImportText: VS Code', () => {
  const text = `{
  // Workspace servers
  "inputs": [
    { "type": "promptString", "id": "api-key", "description": "Perplexity API key", "password": true },
    { "type": "pickString", "id": "region", "description": "Region", "options": ["eu", "us"], "default": "eu" },
  ],
  "servers": {
    "perplexity": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "server-perplexity-ask", "--region", "\${input:region}"],
      "env": { "PERPLEXITY_API_KEY": "\${input:api-key}" },
      "envFile": "\${workspaceFolder}/.env",
    },
    "files": { "command": "node", "args": ["\${workspaceFolder}/server.js"], "cwd": "\${workspaceFolder}" },
    "remote": { "type": "http", "url": "\${input:url}" },
  },
}`;

  it('reads servers (comments and trailing commas allowed) and lists the inputs to ask', () => {
    const imported = parseImportText(source('vscode-workspace'), text, ctx);
    expect(imported.errors).toEqual([]);
    expect(imported.servers.files).toEqual({
      command: 'node',
      args: ['/work/proj/server.js'],
      cwd: '/work/proj',
    });
    expect(imported.servers.perplexity).not.toHaveProperty('envFile');
    expect(imported.inputs).toEqual([
      {
        id: 'region',
        description: 'Region',
        password: false,
        default: 'eu',
        options: ['eu', 'us'],
      },
      { id: 'api-key', description: 'Perplexity API key', password: true },
      { id: 'url', description: '', password: false },
    ]);
    expect(imported.warnings.map((w) => w.message)).toEqual([
      '${input:url} is used but not defined in "inputs"',
      'the answer to "api-key" is a secret and will be stored in plain text in the servers file',
      '"envFile" of server "perplexity" is not imported: Switchboard does not read env files; copy the variables into "env"',
    ]);
  });

  it('applies answers (defaults fill the gaps) and checks the result', () => {
    const imported = parseImportText(source('vscode-workspace'), text, ctx);
    const { servers, errors } = imported.applyAnswers({
      'api-key': 'pplx-123',
      url: 'https://r.test/mcp',
    });
    expect(errors).toEqual([]);
    expect(servers.perplexity).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'server-perplexity-ask', '--region', 'eu'],
      env: { PERPLEXITY_API_KEY: 'pplx-123' },
    });
    expect(servers.remote).toEqual({ type: 'http', url: 'https://r.test/mcp' });

    const badUrl = imported.applyAnswers({ 'api-key': 'k', url: 'not a url' });
    expect(Object.keys(badUrl.servers)).toEqual(['perplexity', 'files']);
    expect(badUrl.errors[0]?.path).toBe('mcpServers.remote.url');
  });

  it('refuses to apply when an answer is missing', () => {
    const imported = parseImportText(source('vscode-workspace'), text, ctx);
    expect(() => imported.applyAnswers({ 'api-key': 'k' })).toThrow(
      expect.objectContaining({
        code: AppErrorCode.Validation,
        message: 'no value given for input "url"',
      }),
    );
  });

  it('keeps a server’s sandbox (VS Code’s keys), its paths in our terms', () => {
    const sandboxed = JSON.stringify({
      servers: {
        fs: {
          command: 'npx',
          sandboxEnabled: true,
          sandbox: {
            filesystem: {
              allowWrite: ['${workspaceFolder}/out'],
              denyRead: ['${userHome}/.env'],
            },
            network: { allowedDomains: ['registry.npmjs.org'] },
          },
        },
      },
    });
    const imported = parseImportText(source('vscode-workspace'), sandboxed, ctx);
    expect(imported.warnings).toEqual([]);
    expect(imported.servers.fs).toEqual({
      command: 'npx',
      sandboxEnabled: true,
      sandbox: {
        filesystem: { allowWrite: ['/work/proj/out'], denyRead: ['/home/ada/.env'] },
        network: { allowedDomains: ['registry.npmjs.org'] },
      },
    });
  });

  it('leaves ${workspaceFolder} alone in the user-level file, where it has no value', () => {
    const user = parseImportText(source('vscode-user'), text, ctx);
    expect(user.servers.files).toMatchObject({ cwd: '${workspaceFolder}' });
  });
});

describe('parseImportText: .mcp.json', () => {
  it('turns ${VAR} into ${env:VAR} and resolves ${VAR:-default}', () => {
    const text = JSON.stringify({
      mcpServers: {
        api: {
          type: 'http',
          url: '${API_BASE:-https://api.example.test}/mcp',
          headers: { Authorization: 'Bearer ${GITHUB_TOKEN}', 'X-Home': '${HOME:-/root}' },
        },
        tool: { command: 'tool', env: { KEY: '${MISSING_KEY}' } },
      },
    });
    const imported = parseImportText(source('mcp-json'), text, ctx);
    expect(imported.errors).toEqual([]);
    expect(imported.servers).toEqual({
      api: {
        type: 'http',
        url: 'https://api.example.test/mcp',
        headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}', 'X-Home': '${env:HOME}' },
      },
      tool: { command: 'tool', env: { KEY: '${env:MISSING_KEY}' } },
    });
    expect(imported.warnings.map((w) => w.message)).toEqual([
      'server "api": API_BASE is not set, so its default "https://api.example.test" was written instead',
      'server "api": the default "/root" for ${HOME} was dropped (HOME is set)',
      'server "tool" uses ${env:MISSING_KEY}, which is not set here; the servers file will report an error until it is',
    ]);
  });

  it('says when a file has no servers', () => {
    const imported = parseImportText(source('mcp-json'), '{"other": 1}', ctx);
    expect(imported.servers).toEqual({});
    expect(imported.warnings[0]?.message).toMatch(/no "mcpServers" object found/);
  });
});
