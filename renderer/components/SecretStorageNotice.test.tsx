import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecretStorage } from '../../shared/domain/secretStorage';
import { SecretsSection } from '../features/secrets/SecretsSection';
import { renderWithStores } from '../testing/renderWithStores';
import { SecretStorageNotice } from './SecretStorageNotice';

async function renderAs(secretStorage: SecretStorage | undefined, platform = 'linux') {
  const view = await renderWithStores(<SecretStorageNotice />);
  act(() => {
    const info = view.stores.app.getState().info;
    view.stores.app.setState({ info: { ...info, platform, shell: 'electron', secretStorage } });
  });
  return view;
}

describe('SecretStorageNotice', () => {
  it('says the secrets go to a private file, and on Linux how to get a keychain', async () => {
    await renderAs({ kind: 'privateFile', why: 'noSecretService' });
    const notice = screen.getByTestId('secret-storage-notice');
    expect(notice.textContent).toContain('No secret service is running');
    expect(notice.textContent).toContain('a file only your user can read');
    expect(notice.textContent).toContain('sudo apt install gnome-keyring');
  });

  it('without safeStorage on macOS: the file, and no Linux instructions', async () => {
    await renderAs({ kind: 'privateFile', why: 'keychainUnavailable' }, 'darwin');
    const notice = screen.getByTestId('secret-storage-notice');
    expect(notice.textContent).toContain('The system keychain is not available');
    expect(notice.textContent).not.toContain('gnome-keyring');
  });

  it('says nothing where the shell’s usual store holds them', async () => {
    for (const storage of [{ kind: 'keychain' }, { kind: 'privateFile' }, undefined] as const) {
      const view = await renderAs(storage);
      expect(screen.queryByTestId('secret-storage-notice')).toBeNull();
      view.unmount();
    }
  });

  it('shows where a secret is entered (Settings → Secrets)', async () => {
    const view = await renderWithStores(<SecretsSection />);
    act(() => {
      const info = view.stores.app.getState().info;
      view.stores.app.setState({
        info: { ...info, secretStorage: { kind: 'privateFile', why: 'noSecretService' } },
      });
    });
    expect(await screen.findByTestId('secret-storage-notice')).toBeTruthy();
  });
});
