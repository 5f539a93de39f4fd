import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerCosts } from '../../../shared/domain/serverCosts';
import type { ServerView } from '../../../shared/domain/mcpViews';
import { failed, ready, serverView } from '../../testing/fixtures';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { COST_SAMPLE_MS } from './useCostSampling';
import { ServersScreen } from './ServersScreen';

const MiB = 1024 * 1024;
afterEach(() => vi.useRealTimers());

const costs: ServerCosts = {
  at: 1,
  servers: [
    { server: 'fs', pid: 4242, processes: 3, rssBytes: 84 * MiB, cpuPercent: 2.5, growing: true },
  ],
  host: { rssBytes: 120 * MiB },
};

const servers: ServerView[] = [
  serverView('fs', { ...ready(12), pid: 4242 } as ServerView['status']),
  serverView('git', { kind: 'remembered', toolCount: 7, learnedAt: 1 }),
  serverView('notes', { kind: 'remembered', toolCount: 2, learnedAt: 1, idleStoppedAt: 5 }),
];

describe('ServersScreen', () => {
  it('shows each server’s state, tools and what a running one costs, measured only while open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { host, unmount } = await renderWithStores(<ServersScreen />, {
      servers,
      script: (name) => (name === 'mcp.sampleCosts' ? costs : idleAnswer(name)),
    });
    await act(settle);
    const fs = screen.getByTestId('servers-row-fs');
    expect(fs.textContent).toContain('Ready');
    expect(fs.textContent).toContain('12');
    expect(screen.getByTestId('server-memory-fs').textContent).toContain('84 MB');
    expect(screen.getByTestId('server-memory-fs').textContent).toContain('3 processes');
    expect(screen.getByTestId('server-memory-fs').textContent).toContain('Memory keeps growing');
    expect(screen.getByTestId('server-cpu-fs').textContent).toBe('2.5%');
    expect(screen.getByTestId('servers-row-git').textContent).toContain('Starts when used');
    expect(screen.getByTestId('servers-row-notes').textContent).toContain('Stopped when idle');
    expect(screen.getByTestId('servers-totals').textContent).toBe(
      '1 of 3 servers running, 84 MB in all. Switchboard itself uses 120 MB.',
    );
    expect(host.callsOf('mcp.sampleCosts')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(COST_SAMPLE_MS * 2);
      await settle();
    });
    expect(host.callsOf('mcp.sampleCosts')).toHaveLength(3);
    unmount();
    vi.advanceTimersByTime(COST_SAMPLE_MS * 5);
    expect(host.callsOf('mcp.sampleCosts')).toHaveLength(3);
  });

  it('starts a server that waits to be needed, and stops a running one', async () => {
    const { host } = await renderWithStores(<ServersScreen />, {
      servers,
      script: (name) => {
        if (name === 'mcp.startServer')
          return { ...serverView('git'), status: { kind: 'starting', since: 2 } };
        if (name === 'mcp.stopServer')
          return serverView('fs', { kind: 'remembered', toolCount: 12, learnedAt: 3 });
        return idleAnswer(name);
      },
    });
    fireEvent.click(screen.getByTestId('servers-start-git'));
    await act(settle);
    expect(host.callsOf('mcp.startServer')).toEqual([{ name: 'git' }]);
    expect(screen.getByTestId('servers-row-git').textContent).toContain('Starting…');
    fireEvent.click(screen.getByTestId('servers-stop-fs'));
    await act(settle);
    expect(host.callsOf('mcp.stopServer')).toEqual([{ name: 'fs' }]);
    expect(screen.getByTestId('servers-row-fs').getAttribute('data-state')).toBe('remembered');
  });

  it('offers to try a failed start again', async () => {
    const { host } = await renderWithStores(<ServersScreen />, {
      servers: [...servers, serverView('broken', failed())],
      script: (name) =>
        name === 'mcp.restartServer'
          ? { ...serverView('broken'), status: { kind: 'starting', since: 3 } }
          : idleAnswer(name),
    });
    expect(screen.queryByTestId('servers-retry-git')).toBeNull();
    fireEvent.click(screen.getByTestId('servers-retry-broken'));
    await act(settle);
    expect(host.callsOf('mcp.restartServer')).toEqual([{ name: 'broken' }]);
    expect(screen.getByTestId('servers-row-broken').getAttribute('data-state')).toBe('starting');
  });
});
