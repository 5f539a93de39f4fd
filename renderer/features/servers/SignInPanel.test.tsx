import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/domain/serverStatus';
import { serverDetail, serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ServerDetailScreen } from './ServerDetailScreen';

const needsSignIn = (patch: Partial<Extract<ServerStatus, { kind: 'needs-sign-in' }>> = {}) =>
  ({ kind: 'needs-sign-in', since: 1, inProgress: false, ...patch }) as const;

const script = (name: string): unknown => {
  if (name === 'mcp.getServer') {
    return {
      ...serverDetail('remote'),
      auth: { signedIn: true, issuer: 'https://auth.example.test', scopes: ['read', 'write'] },
    };
  }
  if (name === 'mcp.getLogs' || name === 'mcp.getTraffic') return { entries: [] };
  if (name === 'mcp.signIn' || name === 'mcp.cancelSignIn' || name === 'mcp.signOut') return {};
  throw new Error(name);
};

describe('signing in from the server screen', () => {
  it('offers Sign in with the issuer and the last error, and asks main to sign in', async () => {
    const status = needsSignIn({
      issuer: 'https://auth.example.test',
      error: 'Access was denied at the authorization server.',
    });
    const { host } = await renderWithStores(<ServerDetailScreen name="remote" />, {
      servers: [serverView('remote', status)],
      script,
    });
    await settle();
    expect(screen.getByTestId('server-status').textContent).toBe('Needs sign-in');
    const panel = screen.getByTestId('sign-in-panel');
    expect(panel.textContent).toContain('sign in with auth.example.test');
    expect(screen.getByRole('alert').textContent).toContain('Access was denied');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(host.callsOf('mcp.signIn')).toEqual([{ name: 'remote' }]);
  });

  it('waits for the browser with Cancel', async () => {
    const { host } = await renderWithStores(<ServerDetailScreen name="remote" />, {
      servers: [serverView('remote', needsSignIn({ inProgress: true }))],
      script,
    });
    await settle();
    expect(screen.getByTestId('server-status').textContent).toBe('Signing in…');
    expect(screen.getByTestId('sign-in-waiting').textContent).toBe(
      'Signing in… (waiting for the browser)',
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(host.callsOf('mcp.cancelSignIn')).toEqual([{ name: 'remote' }]);
  });

  it('shows who signed in for what in the Info tab, with Sign out', async () => {
    const { host } = await renderWithStores(<ServerDetailScreen name="remote" />, {
      servers: [serverView('remote')],
      script,
    });
    await settle();
    expect(screen.queryByTestId('sign-in-panel')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Info' }));
    const info = screen.getByTestId('sign-in-info');
    expect(info.textContent).toContain('https://auth.example.test');
    expect(info.textContent).toContain('readwrite');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await settle();
    expect(host.callsOf('mcp.signOut')).toEqual([{ name: 'remote' }]);
  });
});
