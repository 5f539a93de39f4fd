import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { detectFormatting } from './detectFormatting';
import { addServersToText, removeServerFromText, setServerDisabledInText } from './editServersText';

const original = `{
  "mcpServers": {
    "fs": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
      "x-note": { "keep": [1, 2, 3] }
    },
    "inline": { "command": "node", "args": ["a.js"] },
    "off": {
      "url": "http://127.0.0.1:3000/mcp",
      "disabled": true
    }
  },
  "globalShortcut": "Ctrl+Space"
}
`;

function errorCode(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return (error as { code?: unknown }).code;
  }
  return undefined;
}

describe('setServerDisabledInText', () => {
  it('adds "disabled" on its own line in a multi-line server, touching nothing else', () => {
    expect(setServerDisabledInText(original, 'fs', true)).toBe(
      original.replace(
        '"x-note": { "keep": [1, 2, 3] }\n',
        '"x-note": { "keep": [1, 2, 3] },\n      "disabled": true\n',
      ),
    );
  });

  it('keeps a one-line server on one line', () => {
    expect(setServerDisabledInText(original, 'inline', true)).toBe(
      original.replace(
        '"inline": { "command": "node", "args": ["a.js"] }',
        '"inline": { "command": "node", "args": ["a.js"], "disabled": true }',
      ),
    );
    expect(setServerDisabledInText('{"mcpServers":{"a":{}}}', 'a', true)).toBe(
      '{"mcpServers":{"a":{ "disabled": true }}}',
    );
    expect(setServerDisabledInText('{"mcpServers":{"a":{"command":"x"}}}', 'a', true)).toBe(
      '{"mcpServers":{"a":{"command":"x", "disabled":true}}}',
    );
  });

  it('flips an existing value in place and is a no-op when nothing changes', () => {
    expect(setServerDisabledInText(original, 'off', false)).toBe(
      original.replace('"disabled": true', '"disabled": false'),
    );
    expect(setServerDisabledInText(original, 'off', true)).toBe(original);
    // Enabling a server that never had the key leaves the file alone.
    expect(setServerDisabledInText(original, 'fs', false)).toBe(original);
  });

  it('refuses an unknown server and text that is not JSON', () => {
    expect(errorCode(() => setServerDisabledInText(original, 'nope', true))).toBe(
      AppErrorCode.NotFound,
    );
    expect(errorCode(() => setServerDisabledInText('{"mcpServers": {', 'a', true))).toBe(
      AppErrorCode.ConfigInvalid,
    );
  });
});

describe('removeServerFromText', () => {
  it('removes one server and keeps everything else', () => {
    const next = removeServerFromText(original, 'inline');
    expect(next).not.toContain('"inline"');
    expect(JSON.parse(next)).toEqual({
      mcpServers: {
        fs: {
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
          'x-note': { keep: [1, 2, 3] },
        },
        off: { url: 'http://127.0.0.1:3000/mcp', disabled: true },
      },
      globalShortcut: 'Ctrl+Space',
    });
    expect(next).toContain('"x-note": { "keep": [1, 2, 3] }');
  });

  it('removes the first server without disturbing the next one', () => {
    expect(removeServerFromText(original, 'fs')).toBe(
      original.replace(original.slice(original.indexOf('"fs"'), original.indexOf('"inline"')), ''),
    );
  });

  it('removes the last and the only server cleanly', () => {
    const two =
      '{\n  "mcpServers": {\n    "a": { "command": "x" },\n    "b": { "command": "y" }\n  }\n}\n';
    const one = removeServerFromText(two, 'b');
    expect(one).toBe('{\n  "mcpServers": {\n    "a": { "command": "x" }\n  }\n}\n');
    expect(removeServerFromText(one, 'a')).toBe('{\n  "mcpServers": {}\n}\n');
  });

  it('refuses a name that is not there', () => {
    expect(errorCode(() => removeServerFromText(original, 'nope'))).toBe(AppErrorCode.NotFound);
  });
});

describe('addServersToText', () => {
  it('creates the whole document from nothing', () => {
    expect(addServersToText('', { a: { command: 'x', args: ['1'] } })).toBe(
      '{\n  "mcpServers": {\n    "a": {\n      "command": "x",\n      "args": [\n        "1"\n      ]\n    }\n  }\n}\n',
    );
  });

  it('appends in the file’s own indentation and line endings, keeping other keys', () => {
    const tabs =
      '{\r\n\t"other": 1,\r\n\t"mcpServers": {\r\n\t\t"a": {"command": "x"}\r\n\t}\r\n}\r\n';
    const next = addServersToText(tabs, { b: { url: 'http://b.test' } });
    expect(next).toBe(
      '{\r\n\t"other": 1,\r\n\t"mcpServers": {\r\n\t\t"a": {"command": "x"},\r\n\t\t"b": {\r\n\t\t\t"url": "http://b.test"\r\n\t\t}\r\n\t}\r\n}\r\n',
    );
    const noServers = addServersToText('{\n    "keep": true\n}\n', { a: { command: 'x' } });
    expect(noServers).toBe(
      '{\n    "keep": true,\n    "mcpServers": {\n        "a": {\n            "command": "x"\n        }\n    }\n}\n',
    );
  });

  it('lays out a server added to an empty mcpServers in a multi-line file', () => {
    expect(addServersToText('{\n  "mcpServers": {}\n}\n', { a: { command: 'x' } })).toBe(
      '{\n  "mcpServers": {\n    "a": {\n      "command": "x"\n    }\n  }\n}\n',
    );
    expect(addServersToText('{"mcpServers": {}}', { a: { command: 'x' } })).toBe(
      '{"mcpServers": { "a": {"command":"x"} }}\n',
    );
  });

  it('never overwrites a server of the same name', () => {
    expect(errorCode(() => addServersToText(original, { fs: { command: 'other' } }))).toBe(
      AppErrorCode.Validation,
    );
  });
});

describe('detectFormatting', () => {
  it('defaults to two spaces and \\n', () => {
    expect(detectFormatting('')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\n' });
    expect(detectFormatting('{\n    "a": 1\n}')).toEqual({
      insertSpaces: true,
      tabSize: 4,
      eol: '\n',
    });
  });
});
