import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ToolUseBlock } from '../../../shared/domain/conversationMessage';
import { TOOL_RESULT_TEXT_SLICE_CHARS } from '../../../shared/domain/conversationViews';
import type { ToolCard } from '../../stores/chatModel';
import { toolCall } from '../../testing/chatFixtures';
import { serverView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle, type Script } from '../../testing/scriptedClient';
import { ToolCallCard } from './ToolCallCard';

const block: ToolUseBlock = { type: 'tool_use', id: 'tu1', name: 'echo', input: { text: 'hello' } };

async function renderCard(
  card: Partial<ToolCard> | null,
  script: Script = () => ({}),
  { open = true }: { open?: boolean } = {},
) {
  const result = await renderWithStores(<ToolCallCard block={block} />, { script });
  act(() => {
    result.stores.chat.setState({
      conversationId: 'c1',
      toolCalls: card ? { tu1: { ...toolCall('tu1'), ...card } } : {},
      toolsOpen: open ? { tu1: true } : {},
    });
  });
  return result;
}

describe('ToolCallCard', () => {
  it('is one line (server, tool, an arguments preview, status) that opens for the details', async () => {
    await renderCard(
      { status: 'done', outcome: { content: [{ type: 'text', text: 'hi!' }] } },
      undefined,
      {
        open: false,
      },
    );
    const card = screen.getByTestId('tool-call');
    const toggle = screen.getByTestId('tool-call-toggle');
    expect(toggle.textContent).toContain('echo-server');
    expect(toggle.textContent).toContain('text: "hello"');
    expect(toggle.textContent).toContain('Done');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('tool-call-details')).toBeNull();
    expect(card.textContent).not.toContain('hi!');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('tool-call-details').textContent).toContain('hi!');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('tool-call-details')).toBeNull();
  });

  it('shows measured progress, or a moving bar when the total is unknown', async () => {
    const { stores } = await renderCard({
      status: 'running',
      progress: { progress: 3, total: 12, message: 'step 3' },
    });
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('12');
    expect(screen.getByText('3 of 12 · step 3')).toBeTruthy();
    act(() => {
      const card = stores.chat.getState().toolCalls.tu1;
      if (card)
        stores.chat.setState({ toolCalls: { tu1: { ...card, progress: { progress: 7 } } } });
    });
    expect(screen.getByRole('progressbar').className).toContain('indeterminate');
  });

  it('Cancel cancels only this call, not the turn', async () => {
    const { host } = await renderCard({ status: 'running' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(host.callsOf('conversation.cancelToolCall')).toEqual([
      { conversationId: 'c1', toolUseId: 'tu1' },
    ]);
    expect(host.callsOf('conversation.stop')).toEqual([]);
  });

  it('offers Cancel while the call waits or runs, not once it ended', async () => {
    for (const status of ['pending', 'awaiting-approval', 'running'] as const) {
      const { unmount } = await renderCard({ status });
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
      unmount();
    }
    await renderCard({ status: 'cancelled' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Cancelled');
  });

  it('shows a call without a card yet as starting, and a held one as awaiting approval', async () => {
    await renderCard(null);
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Starting…');
    await renderCard({ status: 'awaiting-approval' });
    expect(screen.getAllByTestId('tool-call-status').at(-1)?.textContent).toBe(
      'Awaiting your approval',
    );
  });

  it('says the call waits for its server to start, while that server starts', async () => {
    const { stores } = await renderCard({ status: 'pending' });
    act(() => {
      stores.servers.setState({
        servers: [{ ...serverView('echo-server'), status: { kind: 'starting', since: 1 } }],
      });
    });
    const status = screen.getByTestId('tool-call-status');
    expect(status.textContent).toBe('Starting echo-server…');
    expect(status.getAttribute('data-server-starting')).toBe('true');
    act(() => {
      stores.servers.setState({ servers: [serverView('echo-server')] });
    });
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Starting…');
  });

  it('says which earlier answer allowed a call: this chat, or an "always allow" grant', async () => {
    const allowed = (scope: 'conversation' | 'always') => ({
      status: 'done' as const,
      approval: { kind: 'allowed' as const, decidedBy: 'grant' as const, scope, reason: 'grant' },
    });
    const { unmount } = await renderCard(allowed('conversation'));
    expect(screen.getByTestId('tool-call-details').textContent).toContain('Allowed for this chat');
    expect(screen.getByTestId('tool-call-details').textContent).not.toContain('always allow');
    unmount();
    await renderCard(allowed('always'));
    expect(screen.getByTestId('tool-call-details').textContent).toContain(
      'Allowed by an “always allow” grant',
    );
  });

  it('shows a denial with the reason the model got, and no result', async () => {
    await renderCard({
      status: 'denied',
      approval: { kind: 'denied', decidedBy: 'person', reason: 'Not on a Sunday' },
    });
    expect(screen.getByTestId('tool-call-status').textContent).toBe('Denied');
    expect(screen.getByRole('note').textContent).toBe('Not on a Sunday');
    expect(screen.queryByText('Result')).toBeNull();
  });

  it('previews a result and fetches the whole of a long one on demand', async () => {
    const long = 'x'.repeat(20_000);
    const { host } = await renderCard(
      {
        status: 'done',
        truncated: true,
        outcome: { content: [{ type: 'text', text: long }] },
      },
      () => ({ outcome: { content: [{ type: 'text', text: `${long}yz` }] }, durationMs: 5 }),
    );
    expect(screen.getByText('The model received a shortened result.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await settle();
    expect(host.callsOf('conversation.getToolResult')).toEqual([
      { toolUseId: 'tu1', maxTextChars: TOOL_RESULT_TEXT_SLICE_CHARS },
    ]);
    expect(screen.queryByText('The model received a shortened result.')).toBeNull();
  });

  it('shows all of a result of megabytes by reading it in slices, drawing only rows in view', async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `row ${i} of the tool's output`);
    const whole = lines.join('\n');
    const slice = TOOL_RESULT_TEXT_SLICE_CHARS;
    const { host } = await renderCard(
      {
        status: 'done',
        truncated: true,
        outcome: { content: [{ type: 'text', text: whole.slice(0, 20_000) }] },
      },
      (name, input) => {
        if (name === 'conversation.getToolResult') {
          return {
            outcome: { content: [{ type: 'text', text: whole.slice(0, slice) }] },
            cut: [{ block: 0, chars: whole.length }],
          };
        }
        const { offset, maxChars } = input as { offset: number; maxChars: number };
        return { text: whole.slice(offset, offset + maxChars), totalChars: whole.length };
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    const view = await screen.findByTestId('large-text');
    await waitFor(() => expect(view.getAttribute('aria-busy')).toBe('false'));
    expect(Number(view.dataset.loadedChars)).toBe(whole.length);
    // The first slice came with the result; the rest was read slice by slice.
    expect(host.callsOf('conversation.getToolResultText')).toEqual(
      Array.from({ length: Math.ceil(whole.length / slice) - 1 }, (_, i) => ({
        toolUseId: 'tu1',
        block: 0,
        offset: (i + 1) * slice,
        maxChars: slice,
      })),
    );
    expect(view.querySelectorAll('.large-text__row').length).toBeLessThan(100);
    expect((view.querySelector('.large-text__sizer') as HTMLElement).style.height).toBe(
      `${lines.length * 18}px`,
    );
  });

  it('shows images and structured content of a result', async () => {
    await renderCard({
      status: 'done',
      outcome: {
        content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
        structuredContent: { rows: 2 },
      },
    });
    expect(screen.getByRole('img').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('Structured content')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });

  it('heads a cancelled call’s result as what the model was told, not as a tool error', async () => {
    await renderCard({
      status: 'cancelled',
      outcome: {
        content: [{ type: 'text', text: 'The person cancelled this tool call.' }],
        isError: true,
      },
    });
    expect(screen.getByText('Cancelled — the model was told')).toBeTruthy();
    expect(screen.queryByText('The tool reported an error')).toBeNull();
  });

  it('reads a result the history page left out when its card opens, and not before', async () => {
    const { host, stores } = await renderWithStores(
      <ToolCallCard
        block={block}
        sent={{ type: 'tool_result', tool_use_id: 'tu1', omitted: true }}
      />,
      { script: () => ({ outcome: { content: [{ type: 'text', text: 'the stored result' }] } }) },
    );
    act(() => {
      stores.chat.setState({
        conversationId: 'c1',
        toolCalls: { tu1: { ...toolCall('tu1'), status: 'done' } },
        toolsOpen: {},
      });
    });
    await settle();
    expect(host.callsOf('conversation.getToolResult')).toEqual([]);
    fireEvent.click(screen.getByTestId('tool-call-toggle'));
    await settle();
    expect(host.callsOf('conversation.getToolResult')).toEqual([
      { toolUseId: 'tu1', maxTextChars: TOOL_RESULT_TEXT_SLICE_CHARS },
    ]);
    expect(screen.getByTestId('tool-call-details').textContent).toContain('the stored result');
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
  });
});
