import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ready, serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { ServerList } from './ServerList';

describe('ServerList', () => {
  it('shows each server’s status and tool count, and opens one on click', async () => {
    const restarting = serverView('flaky', {
      kind: 'restarting',
      attempt: 2,
      nextRetryAt: Date.now() + 4_500,
      lastFailure: { code: 'MCP_CLOSED', message: 'closed', stderrTail: [], at: 1 },
    });
    const { stores } = await renderWithStores(<ServerList />, {
      servers: [serverView('fs', ready(12)), serverView('bad', failed()), restarting],
    });
    expect(screen.getByTestId('server-item-fs').textContent).toContain('12 tools');
    expect(screen.getByTestId('server-item-fs').textContent).toContain('Ready');
    expect(screen.getByTestId('server-item-bad').textContent).toContain('Error');
    expect(screen.getByTestId('server-item-flaky').textContent).toMatch(/Restarting in [45]s/);
    fireEvent.click(screen.getByTestId('server-item-bad'));
    expect(stores.app.getState().view).toEqual({ kind: 'server', name: 'bad' });
    expect(screen.getByTestId('server-item-bad').getAttribute('aria-current')).toBe('page');
  });

  it('offers to add or import servers when there are none', async () => {
    const { stores } = await renderWithStores(<ServerList />);
    expect(screen.getByTestId('servers-empty').textContent).toContain('No servers yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    expect(stores.app.getState().view).toEqual({ kind: 'config', importing: true });
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    expect(stores.app.getState().view).toEqual({ kind: 'config' });
    // One way to the editor is enough: the separate entry appears once there are servers.
    expect(screen.queryByTestId('open-config')).toBeNull();
  });
});
