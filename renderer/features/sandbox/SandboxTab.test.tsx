import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SandboxDetail } from '../../../shared/domain/serverSandbox';
import { sandboxDetailSample } from '../../../shared/ipc/testing/sandboxSamples';
import { serverView } from '../../testing/fixtures';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { ServerList } from '../servers/ServerList';
import { ServerDetailScreen } from '../servers/ServerDetailScreen';

const boxed = { ...serverView('fs'), sandboxed: true };
const rules = sandboxDetailSample.rules;
if (!rules) throw new Error('the sample has rules');
const allowed: SandboxDetail = {
  ...sandboxDetailSample,
  rules: { ...rules, allowRead: ['~/.ssh/id_ed25519'] },
  violations: sandboxDetailSample.violations.slice(1),
};

describe('a sandboxed server on screen', () => {
  it('is marked in the list and its header', async () => {
    await renderWithStores(<ServerList />, { servers: [boxed, serverView('plain')] });
    expect(screen.getByTestId('server-sandboxed-fs').getAttribute('aria-label')).toBe('sandboxed');
    expect(screen.queryByTestId('server-sandboxed-plain')).toBeNull();
  });

  it('says what was blocked, and one click allows it (main writes the rule)', async () => {
    const { stores, host } = await renderWithStores(<ServerDetailScreen name="fs" />, {
      servers: [boxed],
      script: (name) => {
        if (name === 'sandbox.get') return sandboxDetailSample;
        if (name === 'sandbox.allow') return allowed;
        if (name === 'mcp.getServer') {
          return { server: boxed, tools: [], stderrTail: [], nonJsonLines: 0 };
        }
        if (name === 'mcp.getLogs' || name === 'mcp.getTraffic') return { entries: [] };
        return idleAnswer(name);
      },
    });
    const banner = await screen.findByTestId('sandbox-banner');
    expect(banner.textContent).toContain('3 attempts blocked by the sandbox');
    expect(banner.textContent).toContain('blocked: read ~/.ssh/id_ed25519');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const rows = await screen.findAllByTestId('sandbox-violation');
    expect(rows[0]?.textContent).toContain('~/.ssh/id_ed25519');
    expect(rows[0]?.textContent).toContain('seen in the server’s error');
    expect(rows[0]?.textContent).toContain('2 times');
    // An attempt no rule can allow says so instead of offering a button.
    expect(rows[1]?.textContent).toContain('No rule can allow this.');
    expect(screen.getByTestId('sandbox-tab').textContent).toContain('api.example.com');

    // A place that holds credentials asks again before anything is written.
    fireEvent.click(screen.getByRole('button', { name: 'Allow reading ~/.ssh/id_ed25519' }));
    expect(screen.getByTestId('sandbox-confirm').textContent).toContain(
      'allow it only if you trust the server',
    );
    expect(host.callsOf('sandbox.allow')).toEqual([]);
    fireEvent.click(screen.getByTestId('sandbox-allow-anyway'));
    await waitFor(() => expect(screen.getAllByTestId('sandbox-violation')).toHaveLength(1));
    expect(host.callsOf('sandbox.allow')).toEqual([
      { server: 'fs', id: 'a1b2c3d4', confirmSensitive: true },
    ]);

    // A new attempt arrives live and goes first.
    act(() =>
      host.emit('sandbox.violationsRecorded', {
        server: 'fs',
        violations: [
          {
            id: 'n1',
            at: 9,
            kind: 'connect',
            target: 'api.other.test:443',
            source: 'proxy',
            count: 1,
          },
        ],
      }),
    );
    expect(screen.getAllByTestId('sandbox-violation')[0]?.textContent).toContain(
      'api.other.test:443',
    );
    expect(stores.sandbox.getState().byServer.fs?.state).toBe('ready');
  });
});
