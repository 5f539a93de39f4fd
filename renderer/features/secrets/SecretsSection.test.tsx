import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { SecretsSection } from './SecretsSection';

describe('SecretsSection', () => {
  const help = () => screen.getByText(/Paste the secret, a PEM key or a token\./).textContent;

  it('says what this shell does with the value: a private file (web shell, CLI)', async () => {
    await renderWithStores(<SecretsSection />, {
      secretStorage: { kind: 'privateFile' },
      script: () => ({ names: [] }),
    });
    await settle();
    expect(help()).toBe(
      'Paste the secret, a PEM key or a token. It is stored in a file only your user can read. It cannot be read back here.',
    );
    expect(help()).not.toMatch(/encrypt|keychain/i);
  });

  it('the OS keychain where the desktop app has one; nothing claimed when main does not say', async () => {
    await renderWithStores(<SecretsSection />, {
      secretStorage: { kind: 'keychain' },
      script: () => ({ names: [] }),
    });
    await settle();
    expect(help()).toContain('It is stored encrypted with your OS keychain.');
    screen.getByText(/Paste the secret/).remove();
    await renderWithStores(<SecretsSection />, { script: () => ({ names: [] }) });
    await settle();
    expect(help()).toBe(
      'Paste the secret, a PEM key or a token. It is kept in the secret store. It cannot be read back here.',
    );
  });
});
