import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_MS, DEFAULT_STARTUP_MS } from '../../../shared/domain/serverConfig';
import { formatProblem } from './ConfigProblem';
import { parseServersText } from './parseServersText';
import { envLookup } from '../base/substituteEnv';
import { resolveServerReferences } from '../secrets/resolveServerReferences';

const noEnv = envLookup({});
const parse = (text: string, env: Record<string, string> = {}) =>
  parseServersText(text, envLookup(env));
const json = (value: unknown) => JSON.stringify(value, null, 2);

describe('parseServersText: normalization', () => {
  it('infers stdio from command and applies every default', () => {
    const result = parse(json({ mcpServers: { fs: { command: 'npx' } } }));
    expect(result.errors).toEqual([]);
    expect(result.servers).toEqual([
      {
        name: 'fs',
        transport: 'stdio',
        command: 'npx',
        args: [],
        env: {},
        disabled: false,
        timeouts: { startupMs: DEFAULT_STARTUP_MS, requestMs: DEFAULT_REQUEST_MS },
        protocol: 'auto',
      },
    ]);
  });

  it('infers http from url, honours an explicit sse type, and keeps every field', () => {
    const result = parse(
      json({
        mcpServers: {
          remote: { url: 'https://example.test/mcp', headers: { 'X-Team': 'a' } },
          legacy: {
            type: 'sse',
            url: 'http://127.0.0.1:9000/sse',
            disabled: true,
            timeouts: { startupMs: 5000 },
            protocol: 'legacy',
          },
          local: {
            type: 'stdio',
            command: 'node',
            args: ['server.js', '--port', '1'],
            env: { DEBUG: '1' },
            cwd: '/srv',
            timeouts: { startupMs: 1000, requestMs: 2000 },
            protocol: 'modern',
          },
        },
      }),
    );
    expect(result.errors).toEqual([]);
    expect(result.servers.map((s) => [s.name, s.transport])).toEqual([
      ['remote', 'http'],
      ['legacy', 'sse'],
      ['local', 'stdio'],
    ]);
    expect(result.servers[0]).toMatchObject({ headers: { 'X-Team': 'a' }, protocol: 'auto' });
    expect(result.servers[1]).toMatchObject({
      disabled: true,
      headers: {},
      timeouts: { startupMs: 5000, requestMs: DEFAULT_REQUEST_MS },
      protocol: 'legacy',
    });
    expect(result.servers[2]).toMatchObject({
      args: ['server.js', '--port', '1'],
      env: { DEBUG: '1' },
      cwd: '/srv',
      timeouts: { startupMs: 1000, requestMs: 2000 },
      protocol: 'modern',
    });
  });

  it('treats an empty file (or one with only a BOM and whitespace) as an empty config', () => {
    expect(parseServersText('', noEnv)).toEqual({ servers: [], errors: [], warnings: [] });
    expect(parseServersText('\uFEFF  \n', noEnv)).toEqual({
      servers: [],
      errors: [],
      warnings: [],
    });
    expect(parseServersText('{}', noEnv)).toEqual({ servers: [], errors: [], warnings: [] });
  });

  it('accepts a file saved with a BOM', () => {
    const result = parse('\uFEFF' + json({ mcpServers: { a: { command: 'x' } } }));
    expect(result.errors).toEqual([]);
    expect(result.servers).toHaveLength(1);
  });
});

describe('parseServersText: invalid JSON', () => {
  it('names the line and column of a missing comma', () => {
    const text = [
      '{',
      '  "mcpServers": {',
      '    "a": { "command": "x" }',
      '    "b": { "command": "y" }',
      '  }',
      '}',
    ].join('\n');
    const { errors, servers } = parse(text);
    expect(servers).toEqual([]);
    expect(errors[0]).toMatchObject({
      severity: 'error',
      kind: 'syntax',
      line: 4,
      column: 5,
      message: 'missing comma between items',
    });
    const [first] = errors;
    if (!first) throw new Error('expected an error');
    expect(formatProblem(first, 'servers.json')).toBe(
      'servers.json:4:5: error: missing comma between items',
    );
  });

  it('points at a trailing comma itself', () => {
    const text = '{\n  "mcpServers": {\n    "a": { "command": "x" },\n  }\n}';
    const [error] = parse(text).errors;
    expect(error).toMatchObject({ kind: 'syntax', line: 3, column: 28, length: 1 });
    expect(error?.message).toMatch(/trailing comma/);
  });

  it('rejects comments: the file is JSON', () => {
    const text = '{\n  // my servers\n  "mcpServers": {}\n}';
    expect(parse(text).errors[0]).toMatchObject({
      line: 2,
      column: 3,
      message: 'comments are not allowed in JSON',
    });
  });

  it('explains single quotes, truncation and stray content', () => {
    expect(parse("{ 'mcpServers': {} }").errors[0]?.message).toMatch(/double quotes/);
    expect(parse('{ "mcpServers": {').errors[0]?.message).toMatch(/end of file/);
    expect(parse('{} {}').errors[0]).toMatchObject({
      column: 4,
      message: 'unexpected content after the end of the JSON value',
    });
    expect(parse('{ "a": "x\ny" }').errors[0]?.message).toMatch(/unterminated string|control/);
  });

  it('counts lines the way editors do for CRLF and CR line endings', () => {
    const crlf = '{\r\n  "mcpServers": {\r\n    "a": 1,\r\n  }\r\n}';
    expect(parse(crlf).errors[0]).toMatchObject({ line: 3, column: 11 });
    const cr = '{\r"mcpServers": [\r1 2]}';
    expect(parse(cr).errors[0]).toMatchObject({ line: 3, column: 3 });
  });
});

describe('parseServersText: schema errors', () => {
  it('gives the path, the reason and the node location of a wrong type', () => {
    const text = [
      '{',
      '  "mcpServers": {',
      '    "fs": {',
      '      "command": "npx",',
      '      "args": ["-y", 42]',
      '    }',
      '  }',
      '}',
    ].join('\n');
    const { errors, servers } = parse(text);
    expect(servers).toEqual([]);
    expect(errors).toEqual([
      {
        severity: 'error',
        kind: 'schema',
        path: 'mcpServers.fs.args[1]',
        message: 'mcpServers.fs.args[1] must be a string, but it is a number',
        // The same for the window, in its language.
        text: {
          key: 'config.wrongType',
          params: {
            path: 'mcpServers.fs.args[1]',
            expected: { key: 'config.expected.string' },
            actual: { key: 'config.kinds.number' },
          },
        },
        line: 5,
        column: 22,
        offset: text.indexOf('42'),
        length: 2,
      },
    ]);
  });

  it('reports every error, and one bad server rejects the whole file', () => {
    const { errors, servers } = parse(
      json({
        mcpServers: {
          good: { command: 'ok' },
          bad: { command: '', disabled: 'yes', type: 'websocket', timeouts: { startupMs: 1.5 } },
          worse: 'npx server',
          nothing: {},
          both: { command: 'x', url: 'http://x.test' },
          badUrl: { url: 'ftp://files.test' },
          env: { command: 'x', env: { A: 1 }, headers: [] },
        },
      }),
    );
    expect(servers).toEqual([]);
    expect(errors.map((e) => [e.path, e.message])).toEqual([
      [
        'mcpServers.bad.disabled',
        'mcpServers.bad.disabled must be true or false, but it is a string',
      ],
      [
        'mcpServers.bad.type',
        'mcpServers.bad.type must be one of "stdio", "http", "sse", but it is "websocket"',
      ],
      [
        'mcpServers.bad.timeouts.startupMs',
        'mcpServers.bad.timeouts.startupMs must be a whole number of milliseconds between 1 and 3600000, but it is 1.5',
      ],
      [
        'mcpServers.worse',
        'mcpServers.worse must be an object like { "command": "..." } or { "url": "..." }',
      ],
      [
        'mcpServers.nothing',
        'server "nothing" needs "command" (to run a local program) or "url" (to connect to a remote server)',
      ],
      [
        'mcpServers.both',
        'server "both" has both "command" and "url"; add "type": "stdio" or "type": "http" to say which one to use',
      ],
      [
        'mcpServers.badUrl.url',
        'mcpServers.badUrl.url must be an http:// or https:// URL, but it is "ftp://files.test"',
      ],
      ['mcpServers.env.env.A', 'mcpServers.env.env.A must be a string, but it is a number'],
    ]);
  });

  it('requires the field the declared type needs', () => {
    const { errors } = parse(json({ mcpServers: { a: { type: 'http', command: 'x' } } }));
    expect(errors.map((e) => e.message)).toEqual(['mcpServers.a is missing "url"']);
  });

  it('rejects an empty command and a repeated server name', () => {
    const text =
      '{"mcpServers": {"a": {"command": "  "}, "b": {"command": "x"}, "b": {"command": "y"}}}';
    expect(parse(text).errors.map((e) => [e.path, e.message, e.column])).toEqual([
      ['mcpServers.a.command', 'mcpServers.a.command must not be empty', 34],
      ['mcpServers.b', 'mcpServers.b appears twice (first on line 1); keep only one', 64],
    ]);
  });

  it('rejects a root or mcpServers of the wrong shape', () => {
    expect(parse('[]').errors[0]?.message).toMatch(/must be a JSON object/);
    expect(parse('{"mcpServers": []}').errors[0]).toMatchObject({
      path: 'mcpServers',
      message: 'mcpServers must be an object whose keys are server names',
    });
  });

  it('quotes server names that are not plain identifiers in paths', () => {
    const { errors } = parse(json({ mcpServers: { 'my server': { command: 'x', args: 'a' } } }));
    expect(errors[0]?.path).toBe('mcpServers["my server"].args');
  });
});

describe('parseServersText: unknown keys', () => {
  it('reports unknown keys as warnings and still loads', () => {
    const text = json({
      globalShortcut: 'Ctrl+Space',
      mcpServers: { a: { command: 'x', autoApprove: ['read'], timeouts: { idleMs: 5 } } },
    });
    const { errors, warnings, servers } = parse(text);
    expect(errors).toEqual([]);
    expect(servers).toHaveLength(1);
    expect(warnings.map((w) => [w.kind, w.path, w.line])).toEqual([
      ['unknown-key', 'globalShortcut', 2],
      ['unknown-key', 'mcpServers.a.autoApprove', 6],
      ['unknown-key', 'mcpServers.a.timeouts.idleMs', 10],
    ]);
    expect(warnings[1]?.message).toBe(
      'unknown key "autoApprove" in server "a" is kept in the file but ignored',
    );
  });

  it('warns about settings of the other transport', () => {
    const { warnings, errors } = parse(
      json({
        mcpServers: { a: { command: 'x', headers: {} }, b: { url: 'http://b.test', env: {} } },
      }),
    );
    expect(errors).toEqual([]);
    expect(warnings.map((w) => w.message)).toEqual([
      '"headers" has no effect on a stdio server and is ignored',
      '"env" has no effect on an http server and is ignored',
    ]);
  });
});

describe('parseServersText: ${env:NAME}', () => {
  const env = { HOME: '/home/ada', TOKEN: 's3cret', PORT: '8080', EMPTY: '' };

  it('substitutes in url; keeps the references of command, args, env values, cwd and headers for the start', async () => {
    const { servers, errors } = parse(
      json({
        mcpServers: {
          local: {
            command: '${env:HOME}/bin/server',
            args: ['--token=${env:TOKEN}', '${env:EMPTY}', '${other}'],
            env: { API_TOKEN: '${env:TOKEN}', '${env:HOME}': 'keys are not substituted' },
            cwd: '${env:HOME}/work',
          },
          remote: {
            url: 'http://127.0.0.1:${env:PORT}/mcp',
            headers: { Authorization: 'Bearer ${env:TOKEN}' },
          },
        },
      }),
      env,
    );
    expect(errors).toEqual([]);
    expect(servers[0]).toMatchObject({
      command: '${env:HOME}/bin/server',
      args: ['--token=${env:TOKEN}', '${env:EMPTY}', '${other}'],
      env: { API_TOKEN: '${env:TOKEN}', '${env:HOME}': 'keys are not substituted' },
      cwd: '${env:HOME}/work',
    });
    expect(servers[1]).toMatchObject({
      url: 'http://127.0.0.1:8080/mcp',
      urlTemplate: 'http://127.0.0.1:${env:PORT}/mcp',
      headers: { Authorization: 'Bearer ${env:TOKEN}' },
    });
    const sources = { env: envLookup(env), secrets: () => Promise.resolve(new Map()) };
    const [local, remote] = servers;
    if (!local || !remote) throw new Error('two servers expected');
    const started = await resolveServerReferences(local, sources);
    expect(started.config).toMatchObject({
      command: '/home/ada/bin/server',
      args: ['--token=s3cret', '', '${other}'],
      env: { API_TOKEN: 's3cret', '${env:HOME}': 'keys are not substituted' },
      cwd: '/home/ada/work',
    });
    expect((await resolveServerReferences(remote, sources)).config).toMatchObject({
      headers: { Authorization: 'Bearer s3cret' },
    });
    expect(started.sensitive).toEqual([
      { value: '/home/ada', reference: '${env:HOME}' },
      { value: 's3cret', reference: '${env:TOKEN}' },
      { value: '', reference: '${env:EMPTY}' },
    ]);
  });

  it('makes a missing variable an error naming the variable and the path', () => {
    const text = json({
      mcpServers: { gh: { command: 'x', env: { GITHUB_TOKEN: '${env:GH_TOKEN}' } } },
    });
    const { errors, servers } = parse(text, env);
    expect(servers).toEqual([]);
    expect(errors).toEqual([
      expect.objectContaining({
        kind: 'env',
        path: 'mcpServers.gh.env.GITHUB_TOKEN',
        message:
          'mcpServers.gh.env.GITHUB_TOKEN uses ${env:GH_TOKEN}, but the environment variable GH_TOKEN is not set',
        line: 6,
        column: 25,
      }),
    ]);
    expect(parse(json({ mcpServers: { a: { command: '${env:}' } } })).errors[0]?.message).toBe(
      'mcpServers.a.command contains "${env:}" without a variable name',
    );
  });

  it('does not resolve names inherited from Object.prototype', () => {
    const { errors } = parse(json({ mcpServers: { a: { command: '${env:constructor}' } } }));
    expect(errors[0]).toMatchObject({ kind: 'env', path: 'mcpServers.a.command' });
  });

  it('never echoes a substituted secret in an error message', () => {
    const { errors } = parse(json({ mcpServers: { a: { url: '${env:TOKEN}' } } }), env);
    expect(errors[0]?.message).toContain('"${env:TOKEN}"');
    expect(errors[0]?.message).not.toContain('s3cret');
  });
});

describe('parseServersText: origin', () => {
  const digest = `sha256:${'0f'.repeat(32)}`;

  it('reads where an entry came from, kept as written (never substituted)', () => {
    const origin = {
      kind: 'registry',
      name: 'io.github.example/${env:HOME}',
      version: '1.2.0',
      digest,
      secrets: ['gh.GITHUB_TOKEN'],
      env: ['GITHUB_HOST'],
    };
    const { servers, errors, warnings } = parse(
      json({ mcpServers: { gh: { command: 'npx', origin } } }),
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(servers[0]).toMatchObject({ origin });
  });

  it('reports a malformed origin with its place, and an unknown key inside it as a warning', () => {
    const text = json({
      mcpServers: {
        a: {
          command: 'x',
          origin: {
            kind: 'npm',
            digest: 'md5:abc',
            secrets: ['ok', 'has space', 3],
            env: 'HOME',
            note: 'kept',
          },
        },
        b: { command: 'x', origin: 'registry' },
        c: { command: 'x', origin: { name: 'no kind' } },
      },
    });
    const { errors, warnings, servers } = parse(text);
    expect(servers).toEqual([]);
    expect(errors.map((p) => [p.path, p.line, p.column])).toEqual([
      ['mcpServers.a.origin.kind', 6, 17],
      ['mcpServers.a.origin.digest', 7, 19],
      ['mcpServers.a.origin.secrets[1]', 10, 11],
      ['mcpServers.a.origin.secrets[2]', 11, 11],
      ['mcpServers.a.origin.env', 13, 16],
      ['mcpServers.b.origin', 19, 17],
      ['mcpServers.c.origin', 23, 17],
    ]);
    expect(errors.map((p) => p.message)).toEqual([
      'mcpServers.a.origin.kind must be one of "registry", "bundle", "import", but it is "npm"',
      'mcpServers.a.origin.digest must be "sha256:" followed by 64 hexadecimal digits, but it is "md5:abc"',
      'mcpServers.a.origin.secrets[1] is not a valid secret name (letters, digits and _ . : / - only, at most 200): "has space"',
      'mcpServers.a.origin.secrets[2] must be a string, but it is a number',
      'mcpServers.a.origin.env must be an array of strings, but it is a string',
      'mcpServers.b.origin must be an object like { "kind": "registry", "name": "io.example/server" }',
      'mcpServers.c.origin is missing "kind"',
    ]);
    expect(warnings.map((p) => p.path)).toEqual(['mcpServers.a.origin.note']);
  });
});
