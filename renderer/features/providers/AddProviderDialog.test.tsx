import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { renderWithStores } from '../../testing/renderWithStores';
import { idleAnswer } from '../../testing/idleAnswer';
import { settle, type Script } from '../../testing/scriptedClient';
import { ProvidersSection } from './ProvidersSection';

const added = {
  id: 'deepseek',
  preset: 'deepseek',
  kind: 'openai-compatible',
  name: 'DeepSeek',
  baseURL: 'http://127.0.0.1:4010/v1',
  models: [],
  images: false,
  origin: 'added',
  keySource: 'secret-store',
};

function host(testAnswer: unknown): Script {
  return (name) => {
    if (name === 'providers.list') return { providers: [] };
    if (name === 'providers.testDraft') return testAnswer;
    if (name === 'providers.add') return added;
    return idleAnswer(name);
  };
}

async function openDialog(script: Script) {
  const rendered = await renderWithStores(<ProvidersSection />, { script });
  await settle();
  fireEvent.click(screen.getByTestId('provider-add'));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Add a model provider' }) };
}

describe('Add provider dialog', () => {
  it('tests a provider not added yet with the URL and key typed, and names the models it lists', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `model-${i + 1}`);
    const { dialog, host: calls } = await openDialog(host({ ok: true, models: 23, names, ms: 41 }));
    const inside = within(dialog);
    // The preset fills the name and URL; the person adds the key.
    expect(inside.getByLabelText<HTMLInputElement>('Name').value).toBe('DeepSeek');
    fireEvent.change(inside.getByLabelText('Base URL'), {
      target: { value: 'http://127.0.0.1:4010/v1' },
    });
    fireEvent.change(inside.getByLabelText('API key'), { target: { value: ' sk-test ' } });
    fireEvent.click(inside.getByTestId('provider-draft-test'));
    await waitFor(() =>
      expect(inside.getByTestId('provider-draft-result').textContent).not.toBe(''),
    );
    expect(calls.callsOf('providers.testDraft')).toEqual([
      {
        preset: 'deepseek',
        name: 'DeepSeek',
        baseURL: 'http://127.0.0.1:4010/v1',
        apiKey: 'sk-test',
      },
    ]);
    // Nothing was added by testing.
    expect(calls.callsOf('providers.add')).toEqual([]);
    expect(inside.getByTestId('provider-draft-result').textContent).toBe(
      `Connected (41 ms): 23 models listed: ${names.join(', ')} and 3 more.`,
    );
    // A change makes the answer about something else: it goes.
    fireEvent.change(inside.getByLabelText('API key'), { target: { value: 'sk-other' } });
    expect(inside.getByTestId('provider-draft-result').textContent).toBe('');
  });

  it('adds the provider with its key in one Save, and opens it', async () => {
    const { dialog, host: calls } = await openDialog(host({ ok: true, models: 0, ms: 3 }));
    const inside = within(dialog);
    fireEvent.change(inside.getByLabelText('API key'), { target: { value: 'sk-test' } });
    fireEvent.click(inside.getByRole('button', { name: 'Add provider' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsOf('providers.add')).toEqual([
      {
        preset: 'deepseek',
        name: 'DeepSeek',
        baseURL: 'https://api.deepseek.com',
        apiKey: 'sk-test',
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed test says why; Cancel adds nothing', async () => {
    const { dialog, host: calls } = await openDialog(
      host({
        ok: false,
        error: { code: AppErrorCode.LlmAuth, message: 'The key was refused (401).' },
      }),
    );
    const inside = within(dialog);
    fireEvent.click(inside.getByTestId('provider-draft-test'));
    await waitFor(() =>
      expect(inside.getByTestId('provider-draft-result').textContent).toMatch(/^Failed: /),
    );
    fireEvent.click(inside.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.callsOf('providers.add')).toEqual([]);
  });

  it('a preset chosen refills the name and URL', async () => {
    const { dialog } = await openDialog(host({ ok: true, models: 0, ms: 1 }));
    const inside = within(dialog);
    fireEvent.change(inside.getByTestId('provider-preset'), { target: { value: 'ollama' } });
    expect(inside.getByLabelText<HTMLInputElement>('Name').value).toBe('Ollama');
    expect(inside.getByLabelText<HTMLInputElement>('Base URL').value).toMatch(
      /^http:\/\/(localhost|127\.0\.0\.1):11434/,
    );
    expect(inside.getByText('A server on this computer needs no key.')).toBeTruthy();
  });
});
