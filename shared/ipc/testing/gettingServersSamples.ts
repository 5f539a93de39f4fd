import { emptySandboxForm, emptyServerForm } from '../../domain/serverForm';
import type { gettingServersRequestNames } from '../gettingServersNames';

/** Representative requests and answers of the getting-servers entries (contract round-trips). */
export function gettingServersSamples(
  document: unknown,
): Record<(typeof gettingServersRequestNames)[number], { input: unknown; output: unknown }> {
  const form = {
    ...emptyServerForm,
    name: 'gh',
    command: 'npx',
    args: ['-y', 'x'],
    env: [{ name: 'TOKEN', value: '', secret: true, secretName: 'gh.TOKEN', stored: true }],
  };
  const option = {
    index: 0,
    kind: 'package',
    type: 'npm',
    target: '@scope/pkg',
    version: '1.0.0',
    preview: 'npx -y @scope/pkg@1.0.0',
    supported: true,
    inputs: [
      { id: 'env:TOKEN', kind: 'env', label: 'TOKEN', required: true, secret: true },
      {
        id: 'env:REGION',
        kind: 'env',
        label: 'REGION',
        required: false,
        secret: false,
        default: 'eu',
        choices: ['eu', 'us'],
      },
    ],
  };
  const bundle = {
    path: '/tmp/a.mcpb',
    digest: 'sha256:abababababababababababababababababababababababababababababababab',
    name: 'a',
    version: '1.0.0',
    description: 'A',
    author: { name: 'Me' },
    manifestVersion: '0.3',
    tools: [{ name: 't' }],
    prompts: [],
    userConfig: [
      {
        key: 'dir',
        type: 'directory',
        title: 'Dir',
        description: 'd',
        required: true,
        sensitive: false,
        multiple: false,
      },
    ],
    signature: { state: 'unsigned' },
    runtime: {
      type: 'node',
      command: 'node',
      found: false,
      message: 'No Node.js',
      text: { key: 'foreign', params: { text: 'No Node.js' } },
    },
    suggestedName: 'a',
    sandbox: { ...emptySandboxForm, enabled: true, allowedDomains: ['api.example.com'] },
  };
  const source = {
    id: 'file:/x.json',
    kind: 'claude-desktop',
    label: 'x.json',
    path: '/x.json',
    servers: [],
    inputs: [],
  };
  return {
    'servers.getForm': { input: { name: 'gh' }, output: form },
    'servers.testForm': {
      input: { form },
      output: { ok: false, code: 'MCP_SPAWN_FAILED', message: 'not found', stderrTail: ['x'] },
    },
    'servers.saveForm': { input: { form, originalName: 'old' }, output: document },
    'servers.remove': { input: { name: 'gh' }, output: document },
    'registry.search': {
      input: { query: 'git', cursor: 'abc' },
      output: {
        servers: [
          {
            name: 'io.github.a/b',
            description: 'B',
            version: '1.0.0',
            valid: true,
            problems: [],
            options: [option],
          },
        ],
        nextCursor: 'def',
        registryUrl: 'https://registry.modelcontextprotocol.io',
      },
    },
    'registry.review': {
      input: { name: 'io.github.a/b', version: '1.0.0' },
      output: {
        server: {
          name: 'io.github.a/b',
          description: 'B',
          version: '1.0.0',
          valid: true,
          problems: [],
          options: [option],
        },
        digest: `sha256:${'a'.repeat(64)}`,
        document: '{ "name": "io.github.a/b" }',
        plans: [
          {
            option: 0,
            transport: 'stdio',
            command: { text: 'npx', source: 'switchboard' },
            args: [
              { text: '-y', source: 'switchboard' },
              { text: '@scope/pkg@1.0.0', source: 'registry' },
            ],
            env: [
              { name: 'TOKEN', value: { text: '<TOKEN>', source: 'secret', inputId: 'env:TOKEN' } },
            ],
            headers: [],
          },
        ],
        listingChanges: [{ path: 'packages[0].runtimeHint', before: '"npx"', after: '"sh"' }],
      },
    },
    'registry.install': {
      input: {
        name: 'io.github.a/b',
        version: '1.0.0',
        digest: `sha256:${'a'.repeat(64)}`,
        extraArguments: ['--init'],
        option: 0,
        serverName: 'b',
        values: { 'env:TOKEN': 't' },
      },
      output: { serverName: 'b', document },
    },
    'bundles.inspect': { input: { path: '/tmp/a.mcpb' }, output: bundle },
    'bundles.uploadStart': { input: { name: 'a.mcpb', size: 3 }, output: { uploadId: 'u1' } },
    'bundles.uploadChunk': {
      input: { uploadId: 'u1', offset: 0, data: 'AAEC' },
      output: { received: 3 },
    },
    'bundles.uploadFinish': { input: { uploadId: 'u1' }, output: bundle },
    'bundles.discard': { input: { path: '/data/bundles/.staging/1-ab.mcpb' }, output: {} },
    'bundles.install': {
      input: {
        path: '/tmp/a.mcpb',
        serverName: 'a',
        userConfig: { dir: '/tmp', n: 2, on: true, many: ['x'] },
        digest: 'sha256:abababababababababababababababababababababababababababababababab',
        acceptUntrusted: true,
      },
      output: { serverName: 'a', document },
    },
    'bundles.list': {
      input: {},
      output: {
        bundles: [
          {
            serverName: 'a',
            name: 'a',
            version: '1.0.0',
            directory: '/d/bundles/a',
            installedAt: '2026-01-01T00:00:00Z',
            signature: 'unsigned',
            digest: 'sha256:abababababababababababababababababababababababababababababababab',
          },
        ],
      },
    },
    'bundles.uninstall': { input: { serverName: 'a' }, output: document },
    'config.readImportFile': { input: { path: '/x.json' }, output: source },
    'platform.pickPath': { input: { kind: 'file', purpose: 'bundle' }, output: { path: null } },
  };
}
