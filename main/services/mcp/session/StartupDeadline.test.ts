import { describe, expect, it, vi } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { StartupDeadline } from './StartupDeadline';

const reasonOf = (deadline: StartupDeadline): AppError => deadline.signal.reason as AppError;

describe('StartupDeadline', () => {
  it('aborts with MCP_TIMEOUT when the budget runs out', async () => {
    const deadline = new StartupDeadline(30);
    await expect(deadline.whenAborted()).rejects.toMatchObject({ code: AppErrorCode.McpTimeout });
    expect(reasonOf(deadline)).toBeInstanceOf(AppError);
  });

  it('extends but never shortens', () => {
    vi.useFakeTimers();
    try {
      const deadline = new StartupDeadline(50);
      deadline.extend(10);
      deadline.extend(300);
      vi.advanceTimersByTime(120);
      expect(deadline.signal.aborted).toBe(false);
      expect(deadline.remainingMs).toBe(180);
      vi.advanceTimersByTime(180);
      expect(deadline.signal.aborted).toBe(true);
      deadline.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the parent signal as CANCELLED', () => {
    const parent = new AbortController();
    const deadline = new StartupDeadline(10_000, parent.signal);
    parent.abort();
    expect(reasonOf(deadline).code).toBe(AppErrorCode.Cancelled);
    expect(new StartupDeadline(10_000, parent.signal).signal.aborted).toBe(true);
  });
});
