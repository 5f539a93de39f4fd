import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerResources } from '../../../shared/domain/attachments';
import { renderWithStores } from '../../testing/renderWithStores';
import { idleAnswer } from '../../testing/idleAnswer';
import { settle, type Script } from '../../testing/scriptedClient';
import { Composer } from '../chat/Composer';

const MiB = 1024 * 1024;

const listing: ServerResources[] = [
  {
    server: 'files',
    resources: [
      { uri: 'file:///data/huge.log', name: 'huge.log', mimeType: 'text/plain', size: 5 * MiB },
      { uri: 'file:///data/notes.md', name: 'notes.md', mimeType: 'text/markdown' },
    ],
    templates: [],
  },
];

function script(read: Script = () => ({ contents: [{ uri: 'x', text: 'hi' }], totalBytes: 2 })) {
  return ((name, input) => {
    switch (name) {
      case 'mcp.listAllResources':
        return { servers: listing };
      case 'mcp.listSubscriptions':
        return { subscriptions: [] };
      case 'mcp.readResource':
        return read(name, input);
      case 'conversation.create':
        return { id: 'c1', title: '', createdAt: 1, updatedAt: 1, running: false };
      case 'conversation.send':
        return { turnId: 't1' };
      case 'models.list':
        return { groups: [], defaultModel: 'anthropic/m' };
      default:
        return idleAnswer(name);
    }
  }) satisfies Script;
}

const input = () => screen.getByLabelText<HTMLTextAreaElement>('Message Claude');

async function type(value: string): Promise<void> {
  fireEvent.change(input(), { target: { value } });
  await act(settle);
}

async function key(name: string): Promise<void> {
  fireEvent.keyDown(input(), { key: name });
  await act(settle);
}

describe('composer context', () => {
  it('warns before attaching a resource above 1 MiB, and attaches only when confirmed', async () => {
    const { host } = await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: script(),
    });
    await type('Look at @huge');
    expect(screen.getByTestId('resource-picker').textContent).toContain('huge.log');
    await key('Enter');
    const warning = screen.getByTestId('large-warning');
    expect(warning.textContent).toContain('5.0 MB');
    // The listing gave the size: nothing had to be read.
    expect(host.callsOf('mcp.readResource')).toEqual([]);
    fireEvent.click(within(warning).getByText('Don’t attach'));
    await act(settle);
    expect(screen.queryAllByTestId('attachment-chip')).toHaveLength(0);
    expect(input().value).toBe('Look at ');

    await type('Look at @huge');
    await key('Enter');
    fireEvent.click(screen.getByTestId('large-confirm'));
    await act(settle);
    expect(screen.getByTestId('attachment-chip').textContent).toContain('huge.log');
  });

  it('reads a resource of unknown size first, then sends it with the message', async () => {
    const { host } = await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: script(),
    });
    await type('@notes');
    await key('Enter');
    expect(host.callsOf('mcp.readResource')).toEqual([
      { server: 'files', uri: 'file:///data/notes.md' },
    ]);
    expect(screen.getByTestId('attachment-chip').textContent).toContain('2 B');
    await type('Summarize');
    await key('Enter');
    await act(settle);
    expect(host.callsOf('conversation.send')).toEqual([
      {
        conversationId: 'c1',
        text: 'Summarize',
        attachments: [{ kind: 'resource', server: 'files', uri: 'file:///data/notes.md' }],
      },
    ]);
    expect(screen.queryAllByTestId('attachment-chip')).toHaveLength(0);
  });

  it('shows why a resource could not be attached when reading it fails', async () => {
    await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: script(() => {
        throw new Error('Resource not found');
      }),
    });
    await type('@notes');
    await key('Enter');
    expect(screen.getByRole('alert').textContent).toContain('Resource not found');
    expect(screen.queryAllByTestId('attachment-chip')).toHaveLength(0);
  });

  it('Esc closes the @ menu and Enter then sends the text as typed', async () => {
    const { host } = await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: script(),
    });
    await type('mail @notes');
    expect(screen.getByTestId('resource-picker')).toBeTruthy();
    await key('Escape');
    expect(screen.queryByTestId('resource-picker')).toBeNull();
    await key('Enter');
    await act(settle);
    expect(host.callsOf('conversation.send')).toEqual([
      { conversationId: 'c1', text: 'mail @notes' },
    ]);
  });

  it('closes the @ menu on a press outside the composer, not inside it', async () => {
    await renderWithStores(
      <>
        <p>elsewhere</p>
        <Composer running={false} onSent={() => {}} />
      </>,
      { script: script() },
    );
    await type('@no');
    fireEvent.pointerDown(screen.getByTestId('resource-picker'));
    await act(settle);
    expect(screen.getByTestId('resource-picker')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('elsewhere'));
    await act(settle);
    expect(screen.queryByTestId('resource-picker')).toBeNull();
    expect(input().value).toBe('@no');
  });

  it('moves through entries with the arrows and says which is active', async () => {
    await renderWithStores(<Composer running={false} onSent={() => {}} />, { script: script() });
    await type('@');
    const options = () =>
      within(screen.getByRole('listbox', { name: 'Resources' })).getAllByRole('option');
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    await key('ArrowDown');
    expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(input().getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    await key('ArrowDown');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('/ inserts a prompt: completions carry the filled arguments, messages become the turn', async () => {
    const prompts = {
      servers: [
        {
          server: 'everything',
          prompts: [
            {
              name: 'completable-prompt',
              title: 'Team Management',
              arguments: [
                { name: 'department', required: true },
                { name: 'name', required: true },
              ],
            },
          ],
        },
      ],
    };
    const { host } = await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: (name, request) => {
        if (name === 'mcp.listAllPrompts') return prompts;
        if (name === 'mcp.complete') return { values: ['Sales'] };
        if (name === 'mcp.getPrompt') {
          return {
            messages: [
              { role: 'user', content: { type: 'text', text: 'Promote Eve in Sales.' } },
              {
                role: 'user',
                content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
              },
            ],
          };
        }
        return script()(name, request);
      },
    });
    await type('/team');
    await key('Enter');
    const form = screen.getByTestId('prompt-form');
    const department = within(form).getByTestId('argument-department');
    fireEvent.change(department, { target: { value: 'Sa' } });
    const nameField = within(form).getByTestId('argument-name');
    fireEvent.change(nameField, { target: { value: 'E' } });
    // Completions are asked after a pause in typing.
    await waitFor(() =>
      expect(host.callsOf('mcp.complete').at(-1)).toMatchObject({ argument: { value: 'E' } }),
    );
    expect(host.callsOf('mcp.complete').at(-1)).toEqual({
      server: 'everything',
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: 'E' },
      context: { arguments: { department: 'Sa' } },
    });
    fireEvent.click(within(form).getByTestId('prompt-form-submit'));
    await act(settle);
    expect(host.callsOf('mcp.getPrompt')).toEqual([
      {
        server: 'everything',
        name: 'completable-prompt',
        arguments: { department: 'Sa', name: 'E' },
      },
    ]);
    expect(screen.queryByTestId('prompt-form')).toBeNull();
    expect(input().value).toBe('Promote Eve in Sales.');
    expect(screen.getByTestId('attachment-chip').textContent).toContain('image 1');
  });

  it('marks required prompt arguments and asks nothing until they are filled', async () => {
    const { host } = await renderWithStores(<Composer running={false} onSent={() => {}} />, {
      script: (name, request) =>
        name === 'mcp.listAllPrompts'
          ? {
              servers: [
                {
                  server: 's',
                  prompts: [{ name: 'p', arguments: [{ name: 'city', required: true }] }],
                },
              ],
            }
          : script()(name, request),
    });
    await type('/p');
    await key('Enter');
    const form = screen.getByTestId('prompt-form');
    expect(within(form).getByText('required')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('prompt-form-submit'));
    await act(settle);
    expect(within(form).getByRole('alert').textContent).toContain('city');
    expect(host.callsOf('mcp.getPrompt')).toEqual([]);
    // Esc closes the form and gives the text box its focus back.
    fireEvent.keyDown(within(form).getByTestId('argument-city'), { key: 'Escape' });
    await act(settle);
    expect(screen.queryByTestId('prompt-form')).toBeNull();
    expect(document.activeElement).toBe(input());
  });
});
