import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportSource } from '../../../shared/domain/mcpViews';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ImportSourceForm } from './ImportSourceForm';

const source: ImportSource = {
  id: 'vs',
  kind: 'vscode-workspace',
  label: 'VS Code (workspace)',
  path: '/p/.vscode/mcp.json',
  servers: [
    { name: 'echo', target: 'node echo.mjs', conflict: true, suggestedName: 'echo-2' },
    { name: 'gh', target: 'https://x', conflict: false, suggestedName: 'gh' },
  ],
  inputs: [{ id: 'token', description: 'GitHub token', password: true }],
};

describe('ImportSourceForm', () => {
  it('pre-fills new names for conflicts, masks secrets, and imports what was picked', async () => {
    const onImported = vi.fn();
    const { host } = await renderWithStores(
      <ImportSourceForm source={source} onCancel={() => {}} onImported={onImported} />,
      {
        script: () => ({ path: '/d/servers.json', exists: true, text: '{}', problems: [] }),
      },
    );
    const rename = screen.getByLabelText('A server with this name exists. Import it as:');
    expect((rename as HTMLInputElement).value).toBe('echo-2');
    const token = screen.getByLabelText(/GitHub token/);
    expect(token.getAttribute('type')).toBe('password');

    fireEvent.change(rename, { target: { value: 'echo-old' } });
    fireEvent.change(token, { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /gh/ }));
    fireEvent.click(screen.getByTestId('import-apply'));
    await settle();
    expect(host.callsOf('config.applyImport')).toEqual([
      {
        sourceId: 'vs',
        names: ['echo'],
        renames: { echo: 'echo-old' },
        inputs: { token: 's3cret' },
      },
    ]);
    expect(onImported).toHaveBeenCalledWith(1);
  });
});
