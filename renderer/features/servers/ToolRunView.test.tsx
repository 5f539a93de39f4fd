import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { serverView, toolView } from '../../testing/fixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { deferred, settle } from '../../testing/scriptedClient';
import { ToolCard } from './ToolCard';

const tool = toolView('everything', 'long', {
  inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } },
});

afterEach(() => {
  vi.useRealTimers();
});

/** The card with its try form open and a run started whose answer the test controls. */
async function startRun() {
  const answer = deferred<unknown>();
  const rendered = await renderWithStores(<ToolCard tool={tool} />, {
    servers: [serverView('everything')],
    script: (name) => (name === 'mcp.callTool' ? answer.promise : {}),
  });
  fireEvent.click(screen.getByTestId('tool-try-long'));
  const run = screen.getByTestId('tool-run');
  run.focus();
  fireEvent.click(run);
  await settle();
  const [call] = rendered.host.callsOf('mcp.callTool') as { runId: string }[];
  if (!call) throw new Error('no call');
  return { ...rendered, answer, runId: call.runId };
}

describe('ToolRunView while a tool runs', () => {
  it('shows progress (moving bar, then determinate with the message) and the elapsed time', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { host, runId } = await startRun();
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar.className).toContain('tool-run__bar--indeterminate');
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(screen.getByTestId('tool-run-elapsed').textContent).toBe('Elapsed 0:00');
    // Focus left the disabled Run button for Cancel.
    expect(document.activeElement).toBe(screen.getByTestId('tool-run-cancel'));

    act(() => host.emit('mcp.toolRunProgressed', { runId, progress: 2, total: 8, message: 'x2' }));
    expect(bar.className).not.toContain('indeterminate');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 8');
    expect(screen.getByTestId('tool-run-message').textContent).toBe('x2');

    // Another run's report, and an older report of this one, change nothing.
    act(() => host.emit('mcp.toolRunProgressed', { runId: 'other', progress: 7, total: 8 }));
    act(() => host.emit('mcp.toolRunProgressed', { runId, progress: 1, total: 8 }));
    expect(bar.getAttribute('aria-valuenow')).toBe('25');

    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(screen.getByTestId('tool-run-elapsed').textContent).toBe('Elapsed 1:05');
  });

  it('counts without a bar fill when the server gives no total', async () => {
    const { host, runId } = await startRun();
    act(() => host.emit('mcp.toolRunProgressed', { runId, progress: 3 }));
    const bar = screen.getByRole('progressbar');
    expect(bar.className).toContain('indeterminate');
    expect(bar.getAttribute('aria-valuetext')).toBe('3 so far');
  });

  it('Esc cancels the run; a cancelled run says so, not as an error, and can run again', async () => {
    const { host, runId, answer } = await startRun();
    fireEvent.keyDown(screen.getByTestId('tool-run-cancel'), { key: 'Escape' });
    await settle();
    expect(host.callsOf('mcp.cancelToolRun')).toEqual([{ runId }]);
    expect(screen.getByText('Cancelling…')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('tool-run-cancel').disabled).toBe(true);
    // A second Esc does not ask again.
    fireEvent.keyDown(screen.getByTestId('tool-run-cancel'), { key: 'Escape' });
    await settle();
    expect(host.callsOf('mcp.cancelToolRun')).toHaveLength(1);

    answer.reject(new AppError(AppErrorCode.Cancelled, 'Cancelled'));
    const cancelled = await screen.findByTestId('tool-run-cancelled');
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(cancelled.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('tool-run-error')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('tool-run').disabled).toBe(false);
  });

  it('the Cancel button cancels too; a real failure still shows as an error', async () => {
    const { host, runId, answer } = await startRun();
    fireEvent.click(screen.getByTestId('tool-run-cancel'));
    await settle();
    expect(host.callsOf('mcp.cancelToolRun')).toEqual([{ runId }]);
    // It failed for another reason before the cancel landed: that stays an error.
    answer.reject(new AppError(AppErrorCode.McpClosed, 'The server exited'));
    expect((await screen.findByTestId('tool-run-error')).textContent).toContain(
      'The server exited',
    );
    // Esc with nothing running does nothing.
    fireEvent.keyDown(screen.getByTestId('try-form-long'), { key: 'Escape' });
    await settle();
    expect(host.callsOf('mcp.cancelToolRun')).toHaveLength(1);
  });
});
