import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, serverDetail, serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ServerDetailScreen } from './ServerDetailScreen';

const script = (name: string, input: unknown): unknown => {
  if (name === 'mcp.getServer') return serverDetail((input as { name: string }).name);
  if (name === 'mcp.getLogs' || name === 'mcp.getTraffic') return { entries: [] };
  if (name === 'mcp.restartServer') return serverView('bad', { kind: 'starting', since: 1 });
  throw new Error(name);
};

describe('ServerDetailScreen', () => {
  it('explains a failure: message, code, stderr tail, and a restart', async () => {
    const { host } = await renderWithStores(<ServerDetailScreen name="bad" />, {
      servers: [serverView('bad', failed())],
      script,
    });
    await settle();
    const panel = screen.getByTestId('failure-panel');
    expect(panel.textContent).toContain("Command 'nope' was not found: PATH is empty.");
    expect(panel.textContent).toContain('MCP_SPAWN_FAILED');
    expect(screen.getByTestId('failure-stderr').textContent).toBe('first line\nlast line');
    fireEvent.click(screen.getByTestId('server-restart'));
    await settle();
    expect(host.callsOf('mcp.restartServer')).toEqual([{ name: 'bad' }]);
    expect(screen.getByTestId('server-status').textContent).toContain('Starting');
    expect(screen.queryByTestId('failure-panel')).toBeNull();
  });

  it('opens the full log from the failure panel', async () => {
    await renderWithStores(<ServerDetailScreen name="bad" />, {
      servers: [serverView('bad', failed())],
      script,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Open the full log' }));
    expect(screen.getByRole('tab', { name: 'Logs' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('logs').textContent).toContain('Nothing logged yet.');
  });

  it('says so when the server is gone from the file', async () => {
    await renderWithStores(<ServerDetailScreen name="ghost" />, { script });
    expect(screen.getByRole('heading', { name: 'No server named “ghost”' })).toBeTruthy();
  });
});
