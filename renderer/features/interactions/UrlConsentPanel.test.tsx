import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { InlineInteractions } from './InlineInteractions';
import { urlInteraction } from './interactionFixtures';
import { InteractionPanel } from './InteractionPanel';
import { splitAtHost } from './UrlConsentPanel';

describe('UrlConsentPanel', () => {
  it('shows the message, the host emphasised inside the full URL, and opens only on a click', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={urlInteraction('u1')} />,
      { script: () => ({}) },
    );
    expect(screen.getByText('Please sign in to continue.')).toBeTruthy();
    expect(screen.getByTestId('url-host').textContent).toBe('auth.example.com');
    expect(screen.getByTestId('url-full').textContent).toBe(
      'https://auth.example.com/login?session=abc',
    );
    expect(screen.getByTestId('url-full').querySelector('mark')?.textContent).toBe(
      'auth.example.com',
    );
    expect(screen.queryByTestId('url-insecure')).toBeNull();
    expect(host.calls).toEqual([]);
    fireEvent.click(screen.getByTestId('url-open'));
    await settle();
    expect(host.callsOf('interactions.respondUrl')).toEqual([{ id: 'u1', action: 'open' }]);
  });

  it('warns about plain http; declines; Esc cancels', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel
        interaction={urlInteraction('u1', {
          url: 'http://x.test/a',
          host: 'x.test',
          secure: false,
        })}
      />,
      { script: () => ({}) },
    );
    expect(screen.getByTestId('url-insecure').textContent).toContain('not secure');
    fireEvent.click(screen.getByTestId('url-decline'));
    await settle();
    fireEvent.keyDown(screen.getByTestId('url-open'), { key: 'Escape' });
    await settle();
    expect(host.callsOf('interactions.respondUrl')).toEqual([
      { id: 'u1', action: 'decline' },
      { id: 'u1', action: 'cancel' },
    ]);
  });

  it('after opening a -32042 page, offers to retry the tool call; completed is shown', async () => {
    const origin = { conversationId: 'c1' };
    const { host } = await renderWithStores(<InlineInteractions conversationId="c1" />, {
      script: () => ({}),
      pendingInteractions: [urlInteraction('u1', { stage: 'opened', retryToolCall: true, origin })],
    });
    expect((await screen.findByTestId('url-opened')).textContent).toContain('retry the tool call');
    expect(screen.queryByTestId('url-open')).toBeNull();
    fireEvent.click(screen.getByTestId('url-retry'));
    await settle();
    expect(host.callsOf('interactions.respondUrl')).toEqual([{ id: 'u1', action: 'retry' }]);
    act(() =>
      host.emit('interactions.changed', {
        interaction: urlInteraction('u1', { stage: 'completed', origin }),
      }),
    );
    expect(screen.getByTestId('url-completed').textContent).toBe('The server says this is done.');
  });

  it('splits a URL around its host', () => {
    expect(splitAtHost('https://a.b/c', 'a.b')).toEqual(['https://', 'a.b', '/c']);
    expect(splitAtHost('https://a.b/c', 'zzz')).toEqual(['', 'https://a.b/c', '']);
  });

  it('for an App: how many more of its requests wait, and opening with its origin allowed', async () => {
    const fromApp = { ...urlInteraction('u9'), app: { tool: 'spam', appId: 'app-1' } };
    const { host } = await renderWithStores(<InteractionPanel interaction={fromApp} />, {
      script: () => ({}),
    });
    expect(screen.getByTestId('url-from-app').textContent).toBe(
      'The App of spam asks to open this page.',
    );
    act(() => host.emit('apps.consentQueueChanged', { appId: 'app-1', waiting: 22 }));
    expect(screen.getByTestId('url-app-queue').textContent).toBe('22 more from this App');
    const openApp = screen.getByTestId('url-open-app');
    expect(openApp.textContent).toBe('Open, and allow for this App');
    expect(openApp.getAttribute('title')).toBe(
      'Pages of auth.example.com this App asks to open later open without asking, until the App closes.',
    );
    fireEvent.click(screen.getByTestId('url-open-app'));
    await settle();
    expect(host.callsOf('interactions.respondUrl')).toEqual([{ id: 'u9', action: 'open-app' }]);
  });
});
