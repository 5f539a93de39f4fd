import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../shared/domain/approvals';
import { emptySandboxForm, type SandboxForm } from '../../../shared/domain/serverForm';
import { renderWithStores } from '../../testing/renderWithStores';
import { ApprovalRequestView } from '../approvals/ApprovalRequestView';
import { SandboxPermissions } from './SandboxPermissions';

function Editable({ onValue }: { onValue: (value: SandboxForm) => void }) {
  const [value, setValue] = useState(emptySandboxForm);
  return (
    <SandboxPermissions
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('SandboxPermissions', () => {
  it('says what the server may do, and widens it line by line', async () => {
    let last: SandboxForm = emptySandboxForm;
    await renderWithStores(<Editable onValue={(v) => (last = v)} />);
    const card = screen.getByTestId('sandbox-permissions');
    expect(card.textContent).toContain('Not sandboxed: it can read, write and connect to anything');
    fireEvent.click(screen.getByTestId('sandbox-enabled'));
    expect(card.textContent).toContain('only in its own folder');
    expect(card.textContent).toMatch(/Connects to\s*nothing/);
    fireEvent.change(screen.getByTestId('sandbox-allowWrite'), { target: { value: '~/notes\n' } });
    fireEvent.change(screen.getByTestId('sandbox-allowedDomains'), {
      target: { value: 'api.example.com' },
    });
    expect(last).toMatchObject({
      enabled: true,
      allowWrite: ['~/notes', ''],
      allowedDomains: ['api.example.com'],
    });
    expect(card.textContent).toContain('in its own folder and ~/notes');
    expect(card.textContent).toContain('api.example.com');
  });

  it('the approval dialog says whether the server is sandboxed', async () => {
    const request: ApprovalRequest = {
      id: 'r1',
      conversationId: 'c1',
      server: 'fs',
      toolName: 'write_file',
      modelName: 'fs__write_file',
      arguments: {},
      sandboxed: true,
      createdAt: 1,
    };
    const { unmount } = await renderWithStores(<ApprovalRequestView request={request} />);
    expect(screen.getByTestId('approval-sandbox').textContent).toBe('Runs in the sandbox');
    unmount();
    await renderWithStores(<ApprovalRequestView request={{ ...request, sandboxed: false }} />);
    expect(screen.getByTestId('approval-sandbox').textContent).toBe(
      'Not sandboxed: runs with all of your rights',
    );
  });
});
