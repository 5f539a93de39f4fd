import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppPrompt } from './useAppPrompt';

describe('useAppPrompt', () => {
  it('takes a question off the card when the App cancels it; a later answer changes nothing', async () => {
    const { result } = renderHook(() => useAppPrompt());
    const controller = new AbortController();
    let asked!: Promise<boolean>;
    act(() => {
      asked = result.current.ask({ kind: 'message', text: 'hi' }, controller.signal);
    });
    expect(result.current.prompt).toEqual({ kind: 'message', text: 'hi' });
    act(() => controller.abort());
    expect(result.current.prompt).toBeNull();
    await expect(asked).resolves.toBe(false);
    act(() => result.current.answer(true));
    await expect(asked).resolves.toBe(false);
  });

  it('refuses a question already cancelled, and a cancelled older one leaves a newer shown', async () => {
    const { result } = renderHook(() => useAppPrompt());
    const gone = new AbortController();
    gone.abort();
    await expect(result.current.ask({ kind: 'message', text: 'late' }, gone.signal)).resolves.toBe(
      false,
    );
    expect(result.current.prompt).toBeNull();
    const older = new AbortController();
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.ask({ kind: 'message', text: 'one' }, older.signal);
    });
    act(() => {
      second = result.current.ask({ kind: 'message', text: 'two' });
    });
    await expect(first).resolves.toBe(false);
    act(() => older.abort());
    expect(result.current.prompt).toEqual({ kind: 'message', text: 'two' });
    act(() => result.current.answer(true));
    await expect(second).resolves.toBe(true);
  });
});
