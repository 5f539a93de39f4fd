import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { InlineInteractions } from './InlineInteractions';
import { samplingInteraction } from './interactionFixtures';
import { InteractionPanel } from './InteractionPanel';

const models = {
  groups: [
    {
      provider: { id: 'anthropic', name: 'Anthropic' },
      models: [
        { id: 'anthropic/claude-haiku-4-5', displayName: 'Claude Haiku 4.5', createdAt: '' },
        { id: 'anthropic/claude-sonnet-4-5', displayName: 'Claude Sonnet 4.5', createdAt: '' },
      ],
    },
    {
      provider: { id: 'deepseek', name: 'DeepSeek' },
      models: [{ id: 'deepseek/deepseek-chat', displayName: 'deepseek-chat', createdAt: '' }],
    },
  ],
  defaultModel: 'anthropic/claude-sonnet-4-5',
};
const script = (name: string): unknown => (name === 'models.list' ? models : {});

describe('SamplingPanel', () => {
  it('shows everything the server asks: prompt, messages, blocks, parameters, tools', async () => {
    await renderWithStores(<InteractionPanel interaction={samplingInteraction('s1')} />, {
      script,
    });
    await settle();
    expect(
      screen.getByRole('heading', { name: 'everything asks for a model completion' }),
    ).toBeTruthy();
    expect(screen.getByTestId<HTMLTextAreaElement>('sampling-system').value).toBe(
      'You are a helpful test server.',
    );
    expect(screen.getByTestId<HTMLTextAreaElement>('sampling-text-0:0').value).toBe(
      'Resource context: write a haiku',
    );
    const image = screen.getByRole<HTMLImageElement>('img', { name: 'Image (image/png)' });
    expect(image.src).toBe('data:image/png;base64,iVBORw0KGgo=');
    const panel = screen.getByTestId('sampling-request');
    expect(panel.textContent).toContain('"q": "haiku"');
    expect(panel.textContent).toContain('Tool result');
    const facts = screen.getByTestId('sampling-facts');
    expect(facts.textContent).toContain('0.7');
    expect(facts.textContent).toContain('"END"');
    expect(facts.textContent).toContain('claude-3-haiku');
    expect(facts.textContent).toContain('cost 0.2 · intelligence 0.9');
    expect(panel.textContent).toContain('Tools the model may call (1)');
    expect(panel.textContent).toContain('Looks things up');
    expect(panel.textContent).toContain('"mode": "auto"');
    const picker = screen.getByTestId<HTMLSelectElement>('sampling-model');
    expect(picker.value).toBe('anthropic/claude-haiku-4-5');
    // Every provider's models can generate.
    expect([...picker.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Anthropic',
      'DeepSeek',
    ]);
    expect(screen.getByTestId<HTMLInputElement>('sampling-max-tokens').value).toBe('500');
  });

  it('approves the edited request: texts, system prompt, model and max tokens', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={samplingInteraction('s1', { maxTokensLimit: 200 })} />,
      { script },
    );
    await settle();
    expect(screen.getByTestId<HTMLInputElement>('sampling-max-tokens').value).toBe('200');
    fireEvent.change(screen.getByTestId('sampling-max-tokens'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('sampling-approve'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('A whole number from 1 to 200.');
    expect(host.callsOf('interactions.respondSampling')).toEqual([]);

    fireEvent.change(screen.getByTestId('sampling-max-tokens'), { target: { value: '150' } });
    fireEvent.change(screen.getByTestId('sampling-text-2:1'), {
      target: { value: 'A limerick, please.' },
    });
    fireEvent.change(screen.getByTestId('sampling-system'), { target: { value: 'Be brief.' } });
    fireEvent.change(screen.getByTestId('sampling-model'), {
      target: { value: 'deepseek/deepseek-chat' },
    });
    fireEvent.click(screen.getByTestId('sampling-approve'));
    await settle();
    expect(host.callsOf('interactions.respondSampling')).toEqual([
      {
        id: 's1',
        decision: {
          action: 'approve-request',
          model: 'deepseek/deepseek-chat',
          maxTokens: 150,
          systemPrompt: 'Be brief.',
          texts: [{ message: 2, block: 1, text: 'A limerick, please.' }],
        },
      },
    ]);
  });

  it('rejects with a reason (Enter in the reason rejects)', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={samplingInteraction('s1')} />,
      { script },
    );
    const reason = screen.getByTestId('interaction-reject-reason');
    fireEvent.change(reason, { target: { value: ' not now ' } });
    fireEvent.keyDown(reason, { key: 'Enter' });
    await settle();
    expect(host.callsOf('interactions.respondSampling')).toEqual([
      { id: 's1', decision: { action: 'reject', reason: 'not now' } },
    ]);
  });

  it('follows the stages as main reports them: generating, then the editable result', async () => {
    const origin = { conversationId: 'c1' };
    const { host, stores } = await renderWithStores(<InlineInteractions conversationId="c1" />, {
      script,
      pendingInteractions: [samplingInteraction('s1', { stage: 'generating', origin })],
    });
    expect(await screen.findByTestId('sampling-generating')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    const result = samplingInteraction('s1', {
      origin,
      stage: 'review-result',
      result: {
        model: 'claude-haiku-4-5',
        stopReason: 'endTurn',
        content: [
          { type: 'text', text: 'Old pond' },
          { type: 'tool_use', id: 't1', name: 'lookup', input: { q: 'frog' } },
        ],
      },
    });
    act(() => host.emit('interactions.changed', { interaction: result }));
    expect(screen.getByTestId('sampling-result').textContent).toContain(
      'Generated by claude-haiku-4-5 (stopped: endTurn)',
    );
    expect(screen.getByTestId('sampling-result').textContent).toContain('"q": "frog"');
    fireEvent.change(screen.getByTestId('sampling-result-text-0'), {
      target: { value: 'Old pond, edited' },
    });
    fireEvent.click(screen.getByTestId('sampling-approve-result'));
    await settle();
    expect(host.callsOf('interactions.respondSampling')).toEqual([
      {
        id: 's1',
        decision: { action: 'approve-result', texts: [{ block: 0, text: 'Old pond, edited' }] },
      },
    ]);
    expect(stores.interactions.getState().responding).toEqual({});
    act(() => host.emit('interactions.resolved', { id: 's1', outcome: 'approved' }));
    expect(screen.queryByTestId('interactions-inline')).toBeNull();
  });

  it('generating can be stopped, which rejects', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={samplingInteraction('s1', { stage: 'generating' })} />,
      { script },
    );
    fireEvent.click(screen.getByTestId('sampling-stop'));
    await settle();
    expect(host.callsOf('interactions.respondSampling')).toEqual([
      { id: 's1', decision: { action: 'reject' } },
    ]);
  });

  it('a failed generation offers to generate again or reject', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel
        interaction={samplingInteraction('s1', { stage: 'generating', error: 'Overloaded' })}
      />,
      { script },
    );
    const panel = screen.getByTestId('sampling-error');
    expect(within(panel).getByRole('alert').textContent).toBe('Generation failed: Overloaded');
    fireEvent.click(screen.getByTestId('sampling-regenerate'));
    await settle();
    expect(host.callsOf('interactions.respondSampling')).toEqual([
      { id: 's1', decision: { action: 'regenerate' } },
    ]);
  });
});
