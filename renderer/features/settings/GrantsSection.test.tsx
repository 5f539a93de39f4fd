import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { grant } from '../../testing/chatFixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { GrantsSection } from './GrantsSection';

describe('GrantsSection', () => {
  it('lists grants, says why one is suspended, and revokes', async () => {
    const suspended = grant('g2', {
      toolName: 'write',
      status: 'suspended',
      suspendedAt: 5000,
      change: {
        changed: ['inputSchema'],
        name: { before: 'write', after: 'write' },
        description: {},
        inputSchema: [{ path: 'properties.force', kind: 'added', after: { type: 'boolean' } }],
        omittedSchemaChanges: 0,
        pinnedAt: 4000,
      },
    });
    const { host } = await renderWithStores(<GrantsSection />, {
      script: (name) =>
        name === 'approvals.listGrants' ? { grants: [grant('g1'), suspended] } : {},
    });
    await settle();
    const first = screen.getByTestId('grant-g1');
    expect(first.textContent).toContain('echo-server › echo');
    expect(first.textContent).toContain('Active');
    const second = screen.getByTestId('grant-g2');
    expect(second.textContent).toContain('Suspended');
    expect(second.textContent).toContain('The tool’s input schema changed');
    fireEvent.click(within(first).getByRole('button', { name: 'Revoke' }));
    await settle();
    expect(host.callsOf('approvals.revokeGrant')).toEqual([{ id: 'g1' }]);
    expect(screen.queryByTestId('grant-g1')).toBeNull();
  });

  it('says when there are none', async () => {
    await renderWithStores(<GrantsSection />, { script: () => ({ grants: [] }) });
    await settle();
    expect(screen.getByText('No “always allow” grants yet.')).toBeTruthy();
  });
});
