import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cardSample } from '../../../shared/ipc/testing/mcpEventsSamples';
import { idleAnswer } from '../../testing/idleAnswer';
import { renderWithStores } from '../../testing/renderWithStores';
import { EventsBadge } from './EventsBadge';

describe('EventsBadge', () => {
  it('counts unseen events and opens the newest one’s conversation; gone once seen', async () => {
    const cards = [
      { ...cardSample, id: 'a', conversationId: 'c1' },
      { ...cardSample, id: 'b', conversationId: 'c2' },
      { ...cardSample, id: 'c', conversationId: 'c3', seen: true },
    ];
    const { stores, host } = await renderWithStores(<EventsBadge />, {
      script: (name) => (name === 'events.listCards' ? { cards, unseen: 2 } : idleAnswer(name)),
    });
    const badge = await screen.findByTestId('events-unseen');
    expect(badge.textContent).toContain('2 new events');
    fireEvent.click(badge);
    expect(stores.app.getState().view).toEqual({ kind: 'chat', id: 'c2' });
    act(() => host.emit('events.seenChanged', { conversationId: 'c2', unseen: 1 }));
    expect(screen.getByTestId('events-unseen').textContent).toContain('1 new event');
    act(() => host.emit('events.seenChanged', { conversationId: 'c1', unseen: 0 }));
    expect(screen.queryByTestId('events-unseen')).toBeNull();
  });
});
