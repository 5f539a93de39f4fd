import { describe, expect, it } from 'vitest';
import { replaceServerInText } from './replaceServerInText';

const original = `{
    "mcpServers": {
        "fs": {
            "command": "npx",
            "args": ["-y", "fs"]
        },
        "inline": { "command": "node" }
    },
    "other": 1
}
`;

describe('replaceServerInText', () => {
  it('rewrites one entry in the file’s indentation and leaves every other byte alone', () => {
    const next = replaceServerInText(original, 'fs', { command: 'uvx', env: { A: '1' } });
    expect(next).toBe(`{
    "mcpServers": {
        "fs": {
            "command": "uvx",
            "env": {
                "A": "1"
            }
        },
        "inline": { "command": "node" }
    },
    "other": 1
}
`);
  });

  it('keeps a one-line entry on one line and renames in place', () => {
    const next = replaceServerInText(original, 'inline', { url: 'https://x.test/mcp' }, 'remote');
    expect(next).toBe(
      original.replace(
        '"inline": { "command": "node" }',
        '"remote": { "url": "https://x.test/mcp" }',
      ),
    );
  });

  it('refuses a rename onto an existing name and an unknown server', () => {
    expect(() => replaceServerInText(original, 'inline', {}, 'fs')).toThrow(/already has "fs"/);
    expect(() => replaceServerInText(original, 'nope', {})).toThrow(/no server named "nope"/);
  });
});
