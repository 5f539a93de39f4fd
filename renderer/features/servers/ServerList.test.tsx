import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ready, serverView } from '../../testing/fixtures';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ServerList } from './ServerList';

describe('ServerList', () => {
  it('shows each server’s status and tool count, and opens one on click', async () => {
    const restarting = serverView('flaky', {
      kind: 'restarting',
      attempt: 2,
      nextRetryAt: Date.now() + 4_500,
      lastFailure: {
        code: 'MCP_CLOSED',
        message: 'closed',
        text: { key: 'foreign' as const, params: { text: 'closed' } },
        stderrTail: [],
        at: 1,
      },
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

  it('counts the tools the model is offered, not all the server lists', async () => {
    // Nine listed; six switched off or meant for an App only: the model is offered three.
    const costs = {
      servers: [{ server: 'apps', tools: 3, tokens: 1200, alwaysLoaded: 0, alwaysLoadedTokens: 0 }],
      total: { tools: 3, tokens: 1200 },
      plan: {
        loading: 'all',
        reason: 'below-threshold',
        sentTools: 3,
        sentTokens: 1200,
        loadedTools: 0,
      },
    };
    await renderWithStores(<ServerList />, {
      servers: [serverView('apps', ready(9))],
      script: (name) => (name === 'catalog.costs' ? costs : idleAnswer(name)),
    });
    await act(settle);
    const status = screen.getByTestId('server-cost-apps');
    expect(status.textContent).toContain('3 of 9 tools');
    expect(status.textContent).not.toMatch(/^Ready, 9 tools/);
    expect(status.getAttribute('title')).toContain('Its 3 enabled tools');
  });

  it('sums servers up in one line, keeps Add and Edit beside it, and folds to those that need you', async () => {
    const { stores } = await renderWithStores(<ServerList />, {
      servers: [
        serverView('fs', ready(3)),
        serverView('git', ready(2)),
        serverView('bad', failed()),
      ],
    });
    expect(screen.getByTestId('servers-summary').textContent).toBe('2 ready1 failed');
    fireEvent.click(screen.getByTestId('servers-toggle'));
    expect(stores.app.getState().serversCollapsed).toBe(true);
    expect(screen.getByTestId('servers-toggle').getAttribute('aria-expanded')).toBe('false');
    // Folded: the failed one stays in view, the ready ones are summed up.
    expect(screen.queryByTestId('server-item-fs')).toBeNull();
    expect(screen.getByTestId('server-item-bad')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-server'));
    expect(stores.app.getState().view).toEqual({ kind: 'serverForm' });
    fireEvent.click(screen.getByTestId('open-config'));
    expect(stores.app.getState().view).toEqual({ kind: 'config' });
  });

  it('offers to add or import servers when there are none', async () => {
    const { stores } = await renderWithStores(<ServerList />);
    expect(screen.getByTestId('servers-empty').textContent).toContain('No servers yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Import…' }));
    expect(stores.app.getState().view).toEqual({ kind: 'config', importing: true });
    fireEvent.click(screen.getByRole('button', { name: 'Add a server' }));
    expect(stores.app.getState().view).toEqual({ kind: 'serverForm' });
    // The form links to the file editor; its own entry appears once there are servers.
    expect(screen.queryByTestId('open-config')).toBeNull();
  });

  it('says the servers file has a problem from any screen, and goes there', async () => {
    const emptied = {
      path: '/home/me/servers.json',
      exists: true,
      text: '',
      problems: [
        {
          severity: 'error' as const,
          kind: 'emptied' as const,
          message: 'the servers file became empty while 1 server was configured; it keeps running.',
          line: 1,
          column: 1,
        },
      ],
    };
    const { stores, host } = await renderWithStores(<ServerList />, {
      servers: [serverView('fs', ready(3))],
      script: (name) => (name === 'config.get' ? emptied : idleAnswer(name)),
    });
    await act(settle);
    expect(host.callsOf('config.get')).toEqual([{}]);
    fireEvent.click(screen.getByTestId('config-problem'));
    expect(stores.app.getState().view).toEqual({ kind: 'config' });
    // In the editor the problems list says it; back elsewhere the note is there again…
    expect(screen.queryByTestId('config-problem')).toBeNull();
    act(() => stores.app.getState().setView({ kind: 'home' }));
    expect(screen.getByTestId('config-problem').textContent).toContain(
      'The servers file has a problem',
    );
    // …until the file is fixed (from anywhere): then it goes.
    act(() => host.emit('config.changed', { ...emptied, text: '{}', problems: [] }));
    expect(screen.queryByTestId('config-problem')).toBeNull();
  });
});
