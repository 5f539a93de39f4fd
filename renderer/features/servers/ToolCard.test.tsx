import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { serverView, toolView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ToolCard } from './ToolCard';

const tool = toolView('fs', 'read', {
  title: 'Read file',
  description: 'Reads a file.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, lines: { type: 'integer' } },
    required: ['path'],
  },
});

describe('ToolCard', () => {
  it('shows names and hints, and runs the tool from a generated form', async () => {
    const { host } = await renderWithStores(<ToolCard tool={tool} />, {
      servers: [serverView('fs')],
      script: () => ({
        result: {
          content: [
            { type: 'text', text: 'file body' },
            { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          ],
          isError: true,
        },
        durationMs: 41.6,
      }),
    });
    expect(screen.getByRole('heading', { name: 'Read file' })).toBeTruthy();
    expect(screen.getByText('fs__read')).toBeTruthy();
    expect(screen.getByText('Read-only')).toBeTruthy();
    expect(screen.queryByText('Open world')).toBeNull();

    fireEvent.click(screen.getByTestId('tool-try-read'));
    const form = screen.getByTestId('try-form-read');
    // Required fields are marked and checked before anything is sent.
    fireEvent.click(within(form).getByTestId('tool-run'));
    expect(within(form).getByText('Required.')).toBeTruthy();
    expect(host.callsOf('mcp.callTool')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/^path/), { target: { value: '/etc/hosts' } });
    fireEvent.change(within(form).getByLabelText(/^lines/), { target: { value: '3' } });
    fireEvent.click(within(form).getByTestId('tool-run'));
    await settle();
    const calls = host.callsOf('mcp.callTool') as { runId?: string }[];
    const runId = calls[0]?.runId;
    // Each run has its own id, so it can be cancelled and its progress matched.
    expect(runId).toMatch(/^[0-9a-f]{32}$/);
    expect(calls).toEqual([
      { server: 'fs', tool: 'read', arguments: { path: '/etc/hosts', lines: 3 }, runId },
    ]);
    const result = await screen.findByTestId('tool-result');
    expect(result.className).toContain('tool-run--error');
    expect(within(result).getByText('file body')).toBeTruthy();
    expect(within(result).getByText('42 ms')).toBeTruthy();
    expect(within(result).getByRole('img').getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('offers raw JSON beside the form (a JSON box for what a form cannot say), and shows a failed call', async () => {
    const nested = toolView('fs', 'batch', {
      inputSchema: { type: 'object', properties: { items: { type: 'array' } } },
    });
    const { host } = await renderWithStores(<ToolCard tool={nested} />, {
      servers: [serverView('fs')],
      script: () => {
        throw new AppError(AppErrorCode.McpTimeout, 'No answer within 60 s');
      },
    });
    fireEvent.click(screen.getByTestId('tool-try-batch'));
    // A list of anything: in the form, a JSON box for that one property.
    expect(screen.getByLabelText(/items · JSON/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'JSON' }));
    const editor = screen.getByLabelText('Arguments (JSON object)');
    fireEvent.change(editor, { target: { value: '[1]' } });
    fireEvent.click(screen.getByTestId('tool-run'));
    expect(screen.getByText('The arguments must be a JSON object.')).toBeTruthy();
    fireEvent.change(editor, { target: { value: '{"items":[1,2]}' } });
    fireEvent.click(screen.getByTestId('tool-run'));
    await settle();
    const calls = host.callsOf('mcp.callTool') as { runId?: string }[];
    expect(calls).toEqual([
      { server: 'fs', tool: 'batch', arguments: { items: [1, 2] }, runId: calls[0]?.runId },
    ]);
    expect((await screen.findByTestId('tool-run-error')).textContent).toContain(
      'No answer within 60 s',
    );
  });

  it('switches a tool off through main', async () => {
    const { host } = await renderWithStores(<ToolCard tool={tool} />, {
      servers: [serverView('fs')],
      script: () => ({ ...tool, enabled: false }),
    });
    fireEvent.click(screen.getByTestId('tool-enabled-read'));
    await settle();
    expect(host.callsOf('mcp.setToolEnabled')).toEqual([
      { server: 'fs', tool: 'read', enabled: false },
    ]);
  });

  it('shows what the definition costs and keeps the tool loaded when asked', async () => {
    const costly = { ...tool, tokens: 1_234, alwaysLoaded: false, alwaysLoadHint: true };
    const { host } = await renderWithStores(<ToolCard tool={costly} />, {
      servers: [serverView('fs')],
      script: () => ({ ...costly, alwaysLoaded: true }),
    });
    expect(screen.getByTestId('tool-tokens-read').textContent).toBe('~1.2K tokens');
    const pin = screen.getByTestId('tool-always-load-read');
    expect((pin as HTMLInputElement).checked).toBe(false);
    // The server's hint is explained where the person decides.
    expect(pin.closest('label')?.title).toBe('The server asks to keep this tool loaded.');
    fireEvent.click(pin);
    await settle();
    expect(host.callsOf('catalog.setToolAlwaysLoaded')).toEqual([
      { server: 'fs', tool: 'read', alwaysLoaded: true },
    ]);
  });

  it('offers no always-load switch for a tool only an App may call', async () => {
    const appOnly = {
      ...tool,
      tokens: 10,
      ui: { resourceUri: 'ui://fs/panel', visibility: ['app' as const] },
    };
    await renderWithStores(<ToolCard tool={appOnly} />, { servers: [serverView('fs')] });
    expect(screen.getByTestId('tool-tokens-read')).toBeTruthy();
    expect(screen.queryByTestId('tool-always-load-read')).toBeNull();
  });
});
