import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../../shared/domain/settings';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ModelFields } from './ModelFields';

describe('ModelFields', () => {
  it('saves the system prompt with the other model fields', async () => {
    const { host } = await renderWithStores(<ModelFields />, {
      script: (name, input) =>
        name === 'models.list'
          ? { groups: [], defaultModel: `anthropic/${defaultSettings.defaultModel}` }
          : { ...defaultSettings, apiKeySource: 'none', ...(input as object) },
    });
    fireEvent.change(screen.getByLabelText('System prompt'), {
      target: { value: 'Answer in French.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(host.callsOf('settings.update')).toEqual([
      {
        defaultModel: `anthropic/${defaultSettings.defaultModel}`,
        systemPrompt: 'Answer in French.',
      },
    ]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('System prompt').value).toBe(
      'Answer in French.',
    );
  });
});
