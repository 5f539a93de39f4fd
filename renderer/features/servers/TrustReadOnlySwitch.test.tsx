import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/domain/settings';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { TrustReadOnlySwitch } from './TrustReadOnlySwitch';

describe('TrustReadOnlySwitch', () => {
  it('adds and removes this server in settings.trustReadOnlyServers', async () => {
    const { host } = await renderWithStores(<TrustReadOnlySwitch server="fs" />, {
      settings: { trustReadOnlyServers: ['other'] },
      script: (_name, input) => ({
        ...defaultSettings,
        apiKeySource: 'none',
        ...(input as object),
      }),
    });
    const toggle = screen.getByRole('switch', { name: 'Auto-allow tools that declare read-only' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await settle();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await settle();
    expect(host.callsOf('settings.update')).toEqual([
      { trustReadOnlyServers: ['other', 'fs'] },
      { trustReadOnlyServers: ['other'] },
    ]);
  });
});
