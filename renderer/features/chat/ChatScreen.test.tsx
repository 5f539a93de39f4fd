import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import {
  assistantMessage,
  conversation,
  page,
  recordedTurn,
  userMessage,
} from '../../testing/chatFixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { idleAnswer } from '../../testing/idleAnswer';
import { settle, type Script } from '../../testing/scriptedClient';
import { ChatScreen } from './ChatScreen';

// jsdom lays nothing out: give the message list a viewport so the virtualizer renders rows.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 800 });
});

const anthropic = {
  provider: { id: 'anthropic', name: 'Anthropic' },
  models: [
    { id: 'anthropic/claude-a', displayName: 'Claude A', createdAt: '2026-01-02T00:00:00Z' },
    { id: 'anthropic/claude-b', displayName: 'Claude B', createdAt: '2026-01-01T00:00:00Z' },
  ],
};
const deepseek = {
  provider: { id: 'deepseek', name: 'DeepSeek' },
  models: [{ id: 'deepseek/deepseek-chat', displayName: 'deepseek-chat', createdAt: '' }],
};
const models = { groups: [anthropic, deepseek], defaultModel: 'anthropic/claude-a' };

function script(overrides: Partial<Record<string, Script>> = {}): Script {
  return (name, input) => {
    const override = overrides[name];
    if (override) return override(name, input);
    switch (name) {
      case 'models.list':
        return models;
      case 'conversation.create':
        return conversation('c1');
      case 'conversation.send':
      case 'conversation.edit':
      case 'conversation.retry':
        return { turnId: 'turn-plainText' };
      case 'conversation.get':
        return page('c1', [userMessage(0, 'hi'), assistantMessage(1, 'Hello **there**')]);
      default:
        return idleAnswer(name);
    }
  };
}

const composer = () => screen.getByLabelText<HTMLTextAreaElement>('Message Claude');

describe('ChatScreen', () => {
  it('starts a new chat: Enter sends, Shift+Enter does not, the reply streams in', async () => {
    const { host } = await renderWithStores(<ChatScreen id={null} />, { script: script() });
    await settle();
    expect(screen.getByTestId('chat-empty')).toBeTruthy();
    fireEvent.change(composer(), { target: { value: 'hello' } });
    fireEvent.keyDown(composer(), { key: 'Enter', shiftKey: true });
    expect(host.callsOf('conversation.send')).toEqual([]);
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await settle();
    expect(host.callsOf('conversation.create')).toEqual([{}]);
    expect(host.callsOf('conversation.send')).toEqual([{ conversationId: 'c1', text: 'hello' }]);
    expect(composer().value).toBe('');
    expect(screen.getByTestId('stop')).toBeTruthy();
    expect((await screen.findByTestId('user-message')).textContent).toContain('hello');
    expect(screen.getByTestId('thinking')).toBeTruthy();

    act(() => {
      for (const payload of recordedTurn('plainText', 'c1').slice(0, -1)) {
        host.emit('conversation.streamed', payload);
      }
    });
    const reply = screen.getByTestId('assistant-message');
    // The Markdown renderer loads on first use.
    expect(await within(reply).findByRole('table', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByTestId('thinking')).toBeNull();
  });

  it('Esc stops a running reply; Stop does too', async () => {
    const { host } = await renderWithStores(<ChatScreen id="c1" />, {
      conversations: [conversation('c1', { running: true })],
      script: script(),
    });
    await settle();
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('stop'));
    await settle();
    expect(host.callsOf('conversation.stop')).toEqual([
      { conversationId: 'c1' },
      { conversationId: 'c1' },
    ]);
  });

  it('edits a message and sends it again', async () => {
    const { host } = await renderWithStores(<ChatScreen id="c1" />, { script: script() });
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByLabelText('Edit your message');
    fireEvent.change(editor, { target: { value: 'hi again' } });
    fireEvent.keyDown(editor, { key: 'Enter' });
    await settle();
    expect(host.callsOf('conversation.edit')).toEqual([
      { conversationId: 'c1', messageId: 'm0', text: 'hi again' },
    ]);
  });

  it('sends with the model picked from any provider, and says why a provider lists nothing', async () => {
    const { host } = await renderWithStores(<ChatScreen id="c1" />, {
      script: script({
        'models.list': () => ({
          ...models,
          groups: [anthropic, { ...deepseek, error: 'No DeepSeek API key is set.' }],
        }),
      }),
    });
    await settle();
    const picker = screen.getByTestId<HTMLSelectElement>('model-picker');
    expect(picker.value).toBe('anthropic/claude-a');
    // Grouped by provider.
    const groups = [...picker.querySelectorAll('optgroup')].map((g) => [
      g.label,
      [...g.querySelectorAll('option')].map((o) => o.textContent),
    ]);
    expect(groups).toEqual([
      ['Anthropic', ['Claude A', 'Claude B']],
      // A provider whose list failed stays, marked, with the models known for it.
      ['DeepSeek (list unavailable)', ['deepseek-chat']],
    ]);
    expect(screen.queryByRole('note')).toBeNull();
    fireEvent.change(picker, { target: { value: 'deepseek/deepseek-chat' } });
    // The chosen model's provider could not list its models: the picker says why.
    expect(screen.getByRole('note').textContent).toContain('No DeepSeek API key is set.');
    // The composer names who it writes to.
    const input = screen.getByLabelText<HTMLTextAreaElement>('Message DeepSeek');
    expect(input.placeholder).toBe('Message DeepSeek…');
    fireEvent.change(input, { target: { value: 'which model?' } });
    fireEvent.click(screen.getByTestId('send'));
    await settle();
    expect(host.callsOf('conversation.send')).toEqual([
      { conversationId: 'c1', text: 'which model?', model: 'deepseek/deepseek-chat' },
    ]);
  });

  it('a refused message comes back to the composer with the reason', async () => {
    await renderWithStores(<ChatScreen id="c1" />, {
      script: script({
        'conversation.send': () => {
          throw new AppError(AppErrorCode.Validation, 'Too long');
        },
      }),
    });
    await settle();
    fireEvent.change(composer(), { target: { value: 'long text' } });
    fireEvent.keyDown(composer(), { key: 'Enter' });
    await waitFor(() => expect(composer().value).toBe('long text'));
    expect(screen.getByRole('alert').textContent).toContain('Too long');
  });

  it('a key problem links to Settings; Retry runs the turn again', async () => {
    const { host } = await renderWithStores(<ChatScreen id="c1" />, {
      script: script({
        'conversation.get': () =>
          page('c1', [
            userMessage(0, 'hi'),
            assistantMessage(1, '', {
              status: 'failed',
              error: { code: AppErrorCode.LlmAuth, message: 'invalid x-api-key' },
            }),
          ]),
        'conversation.retry': () => ({ turnId: 't2' }),
      }),
    });
    await settle();
    const error = await screen.findByTestId('turn-error');
    expect(error.textContent).toContain('invalid x-api-key');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await settle();
    expect(host.callsOf('conversation.retry')).toEqual([{ conversationId: 'c1' }]);
    // The failed reply made way for the new attempt.
    expect(screen.queryByTestId('turn-error')).toBeNull();
  });

  it('opens Settings from a key problem', async () => {
    const { stores } = await renderWithStores(<ChatScreen id="c1" />, {
      script: script({
        'conversation.get': () =>
          page('c1', [
            userMessage(0, 'hi'),
            assistantMessage(1, '', {
              status: 'failed',
              error: { code: AppErrorCode.LlmAuth, message: 'invalid x-api-key' },
            }),
          ]),
      }),
    });
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Settings' }));
    expect(stores.app.getState().view).toEqual({ kind: 'settings' });
  });
});
