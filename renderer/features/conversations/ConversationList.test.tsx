import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { conversation, page } from '../../testing/chatFixtures';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ConversationList } from './ConversationList';

const now = Date.now();
const list = [
  conversation('a', { title: 'Trip plans', updatedAt: now - 5 * 60_000 }),
  conversation('b', { title: '', preview: 'What is MCP?', updatedAt: now - 60_000, running: true }),
];

describe('ConversationList', () => {
  it('lists conversations newest first with a running mark and a relative time', async () => {
    await renderWithStores(<ConversationList />, { conversations: list });
    const items = within(screen.getByTestId('conversation-list')).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('.conversation-item__title')?.textContent)).toEqual([
      'What is MCP?',
      'Trip plans',
    ]);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Running' })).toBeTruthy();
    expect(items[1]?.textContent).toContain('5 min. ago');
  });

  it('opens a conversation', async () => {
    const { stores } = await renderWithStores(<ConversationList />, {
      conversations: list,
      script: (name) => (name === 'conversation.get' ? page('a', []) : idleAnswer(name)),
    });
    fireEvent.click(screen.getByTestId('conversation-a'));
    expect(stores.app.getState().view).toEqual({ kind: 'chat', id: 'a' });
    expect(stores.chat.getState().conversationId).toBe('a');
  });

  it('searches through main and marks the words in each snippet', async () => {
    const { host } = await renderWithStores(<ConversationList />, {
      conversations: list,
      script: () => ({
        conversations: [
          conversation('a', { title: 'Trip plans', snippet: '…train to Paris on Monday…' }),
        ],
      }),
    });
    fireEvent.change(screen.getByLabelText('Search conversations'), { target: { value: 'paris' } });
    await settle();
    expect(host.callsOf('conversation.list')).toEqual([{ query: 'paris' }]);
    expect(screen.getByText('Paris').tagName).toBe('MARK');
    expect(screen.queryByTestId('conversation-b')).toBeNull();
  });

  it('renames in place with F2 and Enter', async () => {
    const { host } = await renderWithStores(<ConversationList />, {
      conversations: list,
      script: () => conversation('a', { title: 'Paris trip', updatedAt: now }),
    });
    fireEvent.keyDown(screen.getByTestId('conversation-a'), { key: 'F2' });
    const input = screen.getByLabelText('Title of “Trip plans”');
    fireEvent.change(input, { target: { value: 'Paris trip' } });
    act(() => {
      fireEvent.keyDown(input, { key: 'Enter' });
      fireEvent.blur(input);
    });
    await settle();
    expect(host.callsOf('conversation.rename')).toEqual([{ id: 'a', title: 'Paris trip' }]);
    expect(screen.getByTestId('conversation-a').textContent).toContain('Paris trip');
  });

  it('Esc leaves the title as it was', async () => {
    const { host } = await renderWithStores(<ConversationList />, { conversations: list });
    fireEvent.keyDown(screen.getByTestId('conversation-a'), { key: 'F2' });
    const input = screen.getByLabelText('Title of “Trip plans”');
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    await settle();
    expect(host.callsOf('conversation.rename')).toEqual([]);
  });

  it('deletes from the menu after asking', async () => {
    const { host } = await renderWithStores(<ConversationList />, {
      conversations: list,
      script: () => ({}),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for “Trip plans”' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByTestId('delete-dialog');
    expect(dialog.textContent).toContain('“Trip plans” and everything in it will be deleted.');
    expect(host.calls).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('confirm-delete'));
    await waitFor(() => expect(screen.queryByTestId('delete-dialog')).toBeNull());
    expect(host.callsOf('conversation.delete')).toEqual([{ id: 'a' }]);
    expect(screen.queryByTestId('conversation-a')).toBeNull();
  });
});
