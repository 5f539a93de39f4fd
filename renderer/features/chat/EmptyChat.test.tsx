import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failed, ready, serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { EmptyChat } from './EmptyChat';

describe('EmptyChat', () => {
  it('counts only ready servers and names the failed ones, each opening its screen', async () => {
    const { stores } = await renderWithStores(<EmptyChat />, {
      servers: [serverView('files'), serverView('memory'), serverView('broken', failed())],
    });
    expect(screen.getByTestId('empty-servers').textContent).toContain(
      'the tools of your 2 ready servers',
    );
    const unavailable = screen.getByTestId('empty-unavailable');
    expect(unavailable.textContent).toContain('broken');
    expect(unavailable.textContent).not.toContain('files');
    fireEvent.click(screen.getByRole('button', { name: 'broken' }));
    expect(stores.app.getState().view).toEqual({ kind: 'server', name: 'broken' });
  });

  it('says so when no server is ready', async () => {
    await renderWithStores(<EmptyChat />, {
      servers: [serverView('broken', failed()), serverView('files', ready(3))],
    });
    expect(screen.getByTestId('empty-servers').textContent).toContain('your 1 ready server.');
    await renderWithStores(<EmptyChat />, { servers: [serverView('broken', failed())] });
    expect(screen.getAllByTestId('empty-servers')[1]?.textContent).toContain(
      'None of your servers is ready',
    );
  });
});
