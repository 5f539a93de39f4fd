import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../shared/domain/mcpViews';
import { importRequest } from './importRequest';

const source: ImportSource = {
  id: 'vscode',
  kind: 'vscode-workspace',
  label: 'VS Code (workspace)',
  path: '/p/.vscode/mcp.json',
  servers: [
    { name: 'fs', target: 'npx fs', conflict: true, suggestedName: 'fs-2' },
    { name: 'gh', target: 'https://x', conflict: false, suggestedName: 'gh' },
    { name: 'db', target: 'db', conflict: true, suggestedName: 'db-2' },
  ],
  inputs: [
    { id: 'token', password: true },
    { id: 'unused', password: false },
  ],
};

describe('importRequest', () => {
  it('sends picked servers, new names for conflicts, and answered inputs', () => {
    expect(
      importRequest(
        source,
        { fs: true, gh: true, db: false },
        { fs: ' files ' },
        { token: 's3cret' },
      ),
    ).toEqual({
      ok: true,
      request: {
        sourceId: 'vscode',
        names: ['fs', 'gh'],
        renames: { fs: 'files' },
        inputs: { token: 's3cret' },
      },
    });
  });

  it('uses the suggested name until the person changes it', () => {
    const result = importRequest(source, { db: true }, {}, {});
    expect(result.ok && result.request.renames).toEqual({ db: 'db-2' });
  });

  it('refuses an empty new name, two servers with one name, or nothing picked', () => {
    expect(importRequest(source, { fs: true }, { fs: '' }, {})).toEqual({
      ok: false,
      renameErrors: { fs: 'empty' },
    });
    expect(importRequest(source, { fs: true, gh: true }, { fs: 'gh' }, {})).toEqual({
      ok: false,
      renameErrors: { fs: 'duplicate' },
    });
    expect(importRequest(source, {}, {}, {})).toEqual({ ok: false, renameErrors: {} });
  });
});
