import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { RootsSection } from './RootsSection';

const root = (path: string, exists = true) => ({
  path,
  uri: `file://${path}`,
  name: path.split('/').at(-1) ?? path,
  exists,
});

describe('RootsSection', () => {
  it('lists, adds with validation from main, removes; no picker in the web shell', async () => {
    const { host } = await renderWithStores(<RootsSection />, {
      script: (name, input) => {
        if (name === 'roots.list')
          return { roots: [root('/srv/a'), root('/gone', false)], canPick: false };
        if (name === 'roots.add') {
          const { path } = input as { path: string };
          if (path === 'relative')
            throw new AppError(AppErrorCode.Validation, 'Give an absolute path to a folder.');
          return { roots: [root('/srv/a'), root(path)] };
        }
        if (name === 'roots.remove') return { roots: [] };
        return {};
      },
    });
    await settle();
    expect(screen.getAllByTestId('root-item').map((li) => li.textContent)).toEqual([
      'a/srv/aRemove',
      'gone/goneMissingRemove',
    ]);
    expect(screen.queryByTestId('root-pick')).toBeNull();

    fireEvent.click(screen.getByTestId('root-add'));
    expect(screen.getByTestId('root-error').textContent).toBe(
      'Enter the absolute path of a folder.',
    );
    fireEvent.change(screen.getByTestId('root-path'), { target: { value: 'relative' } });
    fireEvent.click(screen.getByTestId('root-add'));
    await waitFor(() =>
      expect(screen.getByTestId('root-error').textContent).toBe(
        'Give an absolute path to a folder.',
      ),
    );
    expect(screen.getByTestId('root-path').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('root-path'), { target: { value: '/srv/b' } });
    fireEvent.submit(screen.getByTestId('root-path'));
    await waitFor(() => expect(screen.queryByTestId('root-error')).toBeNull());
    expect(screen.getByTestId<HTMLInputElement>('root-path').value).toBe('');
    expect(screen.getAllByTestId('root-item')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove a' }));
    expect(await screen.findByText('No folders yet.')).toBeTruthy();
    expect(host.callsOf('roots.remove')).toEqual([{ path: '/srv/a' }]);

    act(() => host.emit('roots.changed', { roots: [root('/elsewhere')] }));
    expect(screen.getAllByTestId('root-item')).toHaveLength(1);
  });

  it('offers the folder picker where there is one', async () => {
    const { host } = await renderWithStores(<RootsSection />, {
      script: (name) => {
        if (name === 'roots.list') return { roots: [], canPick: true };
        if (name === 'roots.pick') return { roots: [root('/picked')] };
        return {};
      },
    });
    await settle();
    fireEvent.click(screen.getByTestId('root-pick'));
    await settle();
    expect(host.callsOf('roots.pick')).toEqual([{}]);
    expect(screen.getByTestId('root-item').textContent).toContain('/picked');
  });
});
