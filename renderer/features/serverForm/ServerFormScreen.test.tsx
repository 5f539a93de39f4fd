import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyServerForm, type ServerForm } from '../../../shared/domain/serverForm';
import { renderWithStores } from '../../testing/renderWithStores';
import { ServerFormScreen } from './ServerFormScreen';

const document = { path: '/d/servers.json', exists: true, text: '{}', problems: [] };

describe('ServerFormScreen', () => {
  it('sends what was typed, with a secret row marked secret, and opens the server after saving', async () => {
    const { host, stores } = await renderWithStores(<ServerFormScreen />, {
      script: (name) => (name === 'servers.saveForm' ? document : undefined),
    });
    fireEvent.change(screen.getByTestId('server-form-name'), { target: { value: 'gh' } });
    fireEvent.change(screen.getByTestId('server-form-command'), { target: { value: 'npx' } });
    fireEvent.change(screen.getByTestId('server-form-args'), {
      target: { value: '-y\n@scope/pkg@1.0.0\n' },
    });
    fireEvent.click(screen.getByTestId('server-env-add'));
    fireEvent.change(screen.getByTestId('server-env-0-name'), { target: { value: 'TOKEN' } });
    fireEvent.click(screen.getByTestId('server-env-0-secret'));
    fireEvent.change(screen.getByTestId('server-env-0-value'), { target: { value: 'abc' } });
    expect(screen.getByTestId('server-env-0-value')).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByTestId('server-form-save'));
    await waitFor(() => expect(stores.app.getState().view).toEqual({ kind: 'server', name: 'gh' }));
    const [sent] = host.callsOf('servers.saveForm') as { form: ServerForm }[];
    expect(sent?.form).toMatchObject({
      name: 'gh',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@scope/pkg@1.0.0'],
      env: [{ name: 'TOKEN', value: 'abc', secret: true }],
    });
  });

  it('edits: a stored secret shows as stored, never as a value; Test shows why it failed', async () => {
    const loaded: ServerForm = {
      ...emptyServerForm,
      name: 'gh',
      command: 'npx',
      env: [{ name: 'TOKEN', value: '', secret: true, secretName: 'gh.TOKEN', stored: true }],
    };
    await renderWithStores(<ServerFormScreen name="gh" />, {
      script: (name) => {
        if (name === 'servers.getForm') return loaded;
        if (name === 'servers.testForm') {
          return {
            ok: false,
            code: 'MCP_SPAWN_FAILED',
            message: "Command 'npx' was not found.",
            stderrTail: ['boom'],
          };
        }
        return undefined;
      },
    });
    const value = await screen.findByTestId('server-env-0-value');
    expect(value).toHaveProperty('value', '');
    expect(value.getAttribute('placeholder')).toMatch(/Stored in the secret store/);
    fireEvent.click(screen.getByTestId('server-form-test'));
    const result = await screen.findByTestId('server-test-result');
    expect(result.textContent).toContain("Command 'npx' was not found.");
    expect(result.textContent).toContain('boom');
  });
});
