import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from './App';
import { conversation, page, userMessage } from './testing/chatFixtures';
import { renderWithStores } from './testing/renderWithStores';
import type { RequestName } from '../shared/ipc/names';
import { idleAnswer } from './testing/idleAnswer';
import { settle } from './testing/scriptedClient';

const script = (name: string): unknown => {
  if (name === 'conversation.get') return page('a', [userMessage(0, 'hi')]);
  if (name === 'models.list') return { groups: [], defaultModel: 'anthropic/claude-a' };
  return idleAnswer(name as RequestName);
};

// jsdom has no matchMedia; the theme follows a light OS here.
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});

describe('App shortcuts', () => {
  it('Ctrl+N opens a new chat, Ctrl+K focuses the search', async () => {
    const { stores } = await renderWithStores(<App />, {
      conversations: [conversation('a')],
      script,
    });
    expect(screen.getByTestId('home')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    expect(stores.app.getState().view).toEqual({ kind: 'chat', id: null });
    expect(screen.getByTestId('chat-empty')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(screen.getByLabelText('Search conversations'));
  });

  it('closing settings goes back to the conversation it was opened from', async () => {
    const { stores } = await renderWithStores(<App />, {
      conversations: [conversation('a')],
      script,
    });
    fireEvent.click(screen.getByTestId('conversation-a'));
    await settle();
    fireEvent.keyDown(window, { key: ',', ctrlKey: true });
    // Settings is its own chunk, fetched on its first visit.
    expect(await screen.findByTestId('settings')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(stores.app.getState().view).toEqual({ kind: 'chat', id: 'a' });
  });

  it('leaves the conversation that was deleted elsewhere', async () => {
    const { stores, host } = await renderWithStores(<App />, {
      conversations: [conversation('a')],
      script,
    });
    fireEvent.click(screen.getByTestId('conversation-a'));
    await settle();
    host.emit('conversation.deleted', { id: 'a' });
    await settle();
    expect(stores.app.getState().view).toEqual({ kind: 'home' });
  });
});
