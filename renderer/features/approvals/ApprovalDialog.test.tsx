import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvalRequest, conversation } from '../../testing/chatFixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ApprovalDialog } from './ApprovalDialog';

const risky = approvalRequest('r1', {
  title: 'Delete file',
  toolName: 'delete_file',
  modelName: 'fs__delete_file',
  server: 'fs',
  description: 'Deletes a file for good.',
  arguments: { path: '/tmp/notes.txt' },
  annotations: { destructiveHint: true, idempotentHint: true },
});

describe('ApprovalDialog', () => {
  it('shows the oldest request: server, tool, hints, arguments, and the queue', async () => {
    await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [approvalRequest('r2', { createdAt: 9000 }), risky],
      conversations: [conversation('c1', { title: 'Cleanup' })],
    });
    const dialog = await screen.findByTestId('approval-dialog');
    // Awaited: the dialog's contents are accessible once it is shown (an effect after render).
    expect(await within(dialog).findByRole('heading', { name: /Delete file/ })).toBeTruthy();
    expect(dialog.textContent).toContain('fs__delete_file');
    expect(dialog.textContent).toContain('Deletes a file for good.');
    expect(dialog.textContent).toContain('"/tmp/notes.txt"');
    expect(screen.getByText('Destructive').className).toContain('chip--danger');
    expect(screen.getByText('Idempotent')).toBeTruthy();
    expect(screen.getByTestId('approval-queue').textContent).toBe('1 of 2');
    // Not the open conversation: the dialog says where the call comes from.
    expect(dialog.textContent).toContain('From another conversation: “Cleanup”');
  });

  it('names who asks truly: the model running the turn, “the model”, or the App', async () => {
    const { stores, unmount } = await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [risky],
    });
    // No turn of this conversation in view: no name is guessed.
    let dialog = await screen.findByTestId('approval-dialog');
    expect(dialog.textContent).toContain('The model calls it');
    expect(screen.getByLabelText('Reason for denying (optional — the model sees it)')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Claude');
    // Its conversation open with a turn of a model running: that model's name.
    act(() =>
      stores.chat.setState({
        conversationId: risky.conversationId,
        live: {
          turnId: 't1',
          lastSeq: 0,
          model: 'anthropic/claude-sonnet-5-5',
          added: [],
          draft: null,
          usage: {},
          retry: null,
          stop: null,
        },
      }),
    );
    expect(screen.getByTestId('approval-dialog').textContent).toContain('Claude calls it');
    unmount();

    const app = approvalRequest('r3', {
      caller: { kind: 'app', tool: 'dashboard', resourceUri: 'ui://dash' },
    });
    await renderWithStores(<ApprovalDialog />, { pendingApprovals: [app] });
    dialog = screen.getByTestId('approval-dialog');
    expect(dialog.textContent).toContain('Asked by the App of dashboard');
    expect(screen.getByLabelText('Reason for denying (optional — the App sees it)')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Claude');
  });

  it('answers with the chosen scope, then shows the next request', async () => {
    const { host } = await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [risky, approvalRequest('r2', { createdAt: 9000 })],
      script: () => ({}),
    });
    fireEvent.click(await screen.findByTestId('approval-chat'));
    await settle();
    expect(host.callsOf('approvals.respond')).toEqual([
      { requestId: 'r1', decision: { kind: 'allow', scope: 'conversation' } },
    ]);
    expect(screen.getByTestId('approval-dialog').textContent).toContain(
      'Returns the text it was given.',
    );
    expect(screen.queryByTestId('approval-queue')).toBeNull();
  });

  it('denies with the reason the model will read', async () => {
    const { host } = await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [risky],
      script: () => ({}),
    });
    fireEvent.change(await screen.findByLabelText(/Reason for denying/), {
      target: { value: '  use the trash instead ' },
    });
    fireEvent.click(screen.getByTestId('approval-deny'));
    await settle();
    expect(host.callsOf('approvals.respond')).toEqual([
      { requestId: 'r1', decision: { kind: 'deny', reason: 'use the trash instead' } },
    ]);
    expect(screen.queryByTestId('approval-dialog')).toBeNull();
  });

  it('is not dismissed by Esc: a decision must be explicit', async () => {
    const { host } = await renderWithStores(<ApprovalDialog />, { pendingApprovals: [risky] });
    const dialog = await screen.findByTestId('approval-dialog');
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.getByTestId('approval-dialog')).toBeTruthy();
    expect(host.calls).toEqual([]);
  });

  it('shows what changed in a tool that was allowed before', async () => {
    await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [
        approvalRequest('r1', {
          pinChange: {
            changed: ['description', 'inputSchema'],
            name: { before: 'echo', after: 'echo' },
            description: { before: 'Echoes.', after: 'Echoes and uploads.' },
            inputSchema: [
              { path: 'properties.url', kind: 'added', after: { type: 'string' } },
              { path: 'required', kind: 'changed', before: ['text'], after: ['text', 'url'] },
            ],
            omittedSchemaChanges: 3,
            pinnedAt: 1_700_000_000_000,
          },
        }),
      ],
    });
    const change = await screen.findByTestId('pin-change');
    expect(change.textContent).toContain('This tool changed since you allowed it');
    expect(change.textContent).toContain('Changed: description, input schema');
    expect(change.querySelector('.pin-diff__side--before')?.textContent).toContain('Echoes.');
    expect(change.querySelector('.pin-diff__side--after')?.textContent).toContain(
      'Echoes and uploads.',
    );
    expect(change.querySelectorAll('.schema-change')).toHaveLength(2);
    expect(change.textContent).toContain('…and 3 more changes.');
  });

  it('keeps a failed answer’s error in the dialog', async () => {
    await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [risky],
      script: () => {
        throw new Error('socket closed');
      },
    });
    fireEvent.click(await screen.findByTestId('approval-once'));
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('socket closed');
    expect(screen.getByTestId('approval-dialog')).toBeTruthy();
  });

  it('for an App: how many more of its requests wait, and “allow for this App”', async () => {
    const fromApp = approvalRequest('a1', {
      caller: { kind: 'app', tool: 'spam', resourceUri: 'ui://x/spam.html', appId: 'app-1' },
    });
    const { host } = await renderWithStores(<ApprovalDialog />, {
      pendingApprovals: [fromApp],
      script: () => ({}),
    });
    expect(screen.queryByTestId('approval-app-queue')).toBeNull();
    act(() => host.emit('apps.consentQueueChanged', { appId: 'app-1', waiting: 3 }));
    expect((await screen.findByTestId('approval-app-queue')).textContent).toBe(
      '3 more from this App',
    );
    // Another App's line says nothing here.
    act(() => host.emit('apps.consentQueueChanged', { appId: 'app-2', waiting: 9 }));
    expect(screen.getByTestId('approval-app-queue').textContent).toBe('3 more from this App');
    fireEvent.click(screen.getByTestId('approval-app'));
    await settle();
    expect(host.callsOf('approvals.respond')).toEqual([
      { requestId: 'a1', decision: { kind: 'allow', scope: 'app' } },
    ]);
  });

  it('offers “allow for this App” only to an App’s requests', async () => {
    await renderWithStores(<ApprovalDialog />, { pendingApprovals: [risky] });
    expect(screen.queryByTestId('approval-app')).toBeNull();
  });
});
