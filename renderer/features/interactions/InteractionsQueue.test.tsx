import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { InlineInteractions } from './InlineInteractions';
import { formInteraction, samplingInteraction, urlInteraction } from './interactionFixtures';
import { InteractionsQueue } from './InteractionsQueue';

describe('InteractionsQueue', () => {
  it('counts requests not shown inline, lists them, opens one, and closes when answered', async () => {
    const { host, stores } = await renderWithStores(
      <>
        <InteractionsQueue />
        <InlineInteractions conversationId="c1" />
      </>,
      {
        script: (name) =>
          name === 'models.list' ? { groups: [], defaultModel: 'anthropic/m' } : {},
        pendingInteractions: [
          urlInteraction('u1', { createdAt: 3000 }),
          formInteraction('e1', { createdAt: 2000 }),
          samplingInteraction('s1', { origin: { conversationId: 'c1' } }),
        ],
      },
    );
    // Not in the open conversation: all three wait in the queue.
    expect(screen.getByTestId('interactions-count').textContent).toBe('3');
    act(() => stores.app.getState().setView({ kind: 'chat', id: 'c1' }));
    // The sampling request is shown in its conversation now.
    expect(screen.getByTestId('interactions-count').textContent).toBe('2');
    await waitFor(() =>
      expect(screen.getByTestId('interactions-inline').textContent).toContain(
        'asks for a model completion',
      ),
    );

    fireEvent.click(screen.getByTestId('interactions-entry'));
    const dialog = await screen.findByTestId('interactions-dialog');
    const items = within(dialog).getAllByRole('button', { name: /asks/ });
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('everything asks you for information'),
      expect.stringContaining('everything asks you to open a page'),
    ]);
    fireEvent.click(screen.getByTestId('interactions-open-u1'));
    expect(within(dialog).getByTestId('url-consent')).toBeTruthy();
    // Opened on purpose: the keyboard starts at its heading.
    expect(document.activeElement?.textContent).toBe('everything asks you to open a page');
    fireEvent.click(screen.getByTestId('url-decline'));
    await settle();
    expect(host.callsOf('interactions.respondUrl')).toEqual([{ id: 'u1', action: 'decline' }]);
    act(() => host.emit('interactions.resolved', { id: 'u1', outcome: 'declined' }));
    // One left: shown straight away.
    expect(within(dialog).getByTestId('elicitation-form')).toBeTruthy();
    act(() => host.emit('interactions.resolved', { id: 'e1', outcome: 'withdrawn' }));
    expect(screen.queryByTestId('interactions-dialog')).toBeNull();
    expect(screen.queryByTestId('interactions-entry')).toBeNull();
    expect(screen.getByTestId('interaction-notices').textContent).toContain(
      'everything cancelled the request.',
    );
    fireEvent.click(within(screen.getByTestId('interaction-notices')).getByRole('button'));
    expect(screen.queryByTestId('interaction-notices')).toBeNull();
  });

  it('Esc closes the queue and leaves the requests waiting', async () => {
    const { stores } = await renderWithStores(<InteractionsQueue />, {
      pendingInteractions: [samplingInteraction('s1')],
      script: (name) => (name === 'models.list' ? { groups: [], defaultModel: 'anthropic/m' } : {}),
    });
    fireEvent.click(screen.getByTestId('interactions-entry'));
    await screen.findByTestId('interactions-dialog');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      screen.getByTestId('interactions-dialog').dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByTestId('interactions-dialog')).toBeNull();
    expect(stores.interactions.getState().pending.map((i) => i.id)).toEqual(['s1']);
  });

  it('a new request arriving by event joins the queue', async () => {
    const { host } = await renderWithStores(<InteractionsQueue />);
    expect(screen.queryByTestId('interactions-entry')).toBeNull();
    act(() => host.emit('interactions.changed', { interaction: formInteraction('e9') }));
    expect(screen.getByTestId('interactions-count').textContent).toBe('1');
  });
});
