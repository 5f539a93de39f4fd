import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hostText } from '../../../shared/text/hostText';
import { renderWithStores } from '../../testing/renderWithStores';
import { idleAnswer } from '../../testing/idleAnswer';
import { settle, type Script } from '../../testing/scriptedClient';
import { ModelPicker } from '../chat/ModelPicker';
import { ModelFields } from '../settings/ModelFields';

const anthropic = {
  provider: { id: 'anthropic', name: 'Anthropic' },
  models: [{ id: 'anthropic/claude-opus-5-5', displayName: 'Claude Opus 5.5', createdAt: '' }],
};

function listing(groups: unknown[], defaultModel: string): Script {
  return (name) => (name === 'models.list' ? { groups, defaultModel } : idleAnswer(name));
}

describe('model choices the provider’s list does not back', () => {
  it('settings: a default model its provider does not list is called out', async () => {
    await renderWithStores(<ModelFields />, {
      settings: { defaultModel: 'anthropic/claude-sonnet-5-5' },
      script: listing([anthropic], 'anthropic/claude-sonnet-5-5'),
    });
    await settle();
    expect(screen.getByTestId('model-note-not-listed').textContent).toBe(
      'claude-sonnet-5-5 is not in the model list of Anthropic: requests to it may fail. Pick a listed model.',
    );
  });

  it('the picker: a listed model says nothing; a failed provider keeps the chosen model and says why', async () => {
    const ollama = {
      provider: { id: 'ollama', name: 'Ollama' },
      models: [{ id: 'ollama/qwen3:8b', displayName: 'qwen3:8b', createdAt: '' }],
      error: 'Could not reach Ollama: connection refused',
      errorText: hostText('model.unreachableBare', { api: 'Ollama' }),
    };
    const { stores } = await renderWithStores(<ModelPicker conversationModel="ollama/qwen3:8b" />, {
      settings: { defaultModel: 'anthropic/claude-opus-5-5' },
      script: listing([anthropic, ollama], 'anthropic/claude-opus-5-5'),
    });
    await settle();
    expect(screen.getByTestId<HTMLSelectElement>('model-picker').value).toBe('ollama/qwen3:8b');
    expect(screen.getByTestId('model-note-list-failed').textContent).toBe(
      'The models of Ollama could not be listed: Could not reach Ollama.',
    );
    stores.chat.getState().setModel('anthropic/claude-opus-5-5');
    await settle();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
