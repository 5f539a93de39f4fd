import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateGate } from './proxyRateGate';

const request = (id: number) =>
  ({ data: { jsonrpc: '2.0', id, method: 'ping' } }) as unknown as MessageEvent;

afterEach(() => vi.useRealTimers());

describe('the proxy’s rate gate', () => {
  it('lets the App’s burst through, answers a bounded number of the rest, and reports the count', () => {
    vi.useFakeTimers();
    let now = 0;
    const answers: unknown[] = [];
    const reports: number[] = [];
    const gate = createRateGate({
      answer: (reply) => answers.push(reply),
      report: (refused) => reports.push(refused),
      perSecond: 10,
      burst: 5,
      now: () => now,
    });
    const admitted = Array.from({ length: 100 }, (_, i) => gate.admit(request(i)));
    expect(admitted.filter(Boolean)).toHaveLength(5);
    // The first refused requests are answered (as many as the rate allows), the rest dropped.
    expect(answers).toHaveLength(5);
    expect(answers[0]).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: {
        code: -32000,
        message:
          'Message refused: more than 10 messages a second (or 5 at once) from this App; send it again later.',
      },
    });
    vi.advanceTimersByTime(500);
    expect(reports).toEqual([95]);
    // Notifications are never answered; a second on, the App may speak again.
    expect(gate.admit({ data: { jsonrpc: '2.0', method: 'x' } } as MessageEvent)).toBe(false);
    now += 1000;
    expect(gate.admit(request(200))).toBe(true);
    gate.stop();
  });
});
