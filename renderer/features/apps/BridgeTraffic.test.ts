import { describe, expect, it } from 'vitest';
import { BridgeTraffic } from './BridgeTraffic';

describe('BridgeTraffic', () => {
  it('lists requests, notifications and answers with their timing, each way', () => {
    let now = 1000;
    const traffic = new BridgeTraffic(() => now);
    const seen: number[] = [];
    const stop = traffic.subscribe(() => seen.push(traffic.snapshot().length));
    now = 1005;
    traffic.record('in', { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} });
    now = 1030;
    traffic.record('out', { jsonrpc: '2.0', id: 1, result: {} });
    traffic.record('in', { jsonrpc: '2.0', method: 'ui/notifications/initialized' });
    now = 1100;
    // The host asks too: the same id the other way is another request.
    traffic.record('out', { jsonrpc: '2.0', id: 1, method: 'ui/resource-teardown' });
    now = 1140;
    traffic.record('in', { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } });
    traffic.record('in', 'not a message');
    stop();
    traffic.record('in', { jsonrpc: '2.0', method: 'after' });
    expect(traffic.snapshot().slice(0, 5)).toEqual([
      { at: 5, direction: 'in', kind: 'request', method: 'ui/initialize' },
      { at: 30, direction: 'out', kind: 'response', method: 'ui/initialize', tookMs: 25 },
      { at: 30, direction: 'in', kind: 'notification', method: 'ui/notifications/initialized' },
      { at: 100, direction: 'out', kind: 'request', method: 'ui/resource-teardown' },
      { at: 140, direction: 'in', kind: 'error', method: 'ui/resource-teardown', tookMs: 40 },
    ]);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the last 30 and counts them all; an answer to nothing asked has no method', () => {
    const traffic = new BridgeTraffic(() => 0);
    for (let i = 0; i < 45; i += 1) traffic.record('in', { jsonrpc: '2.0', method: `m${i}` });
    traffic.record('out', { jsonrpc: '2.0', id: 'x', result: {} });
    const entries = traffic.snapshot();
    expect(entries).toHaveLength(30);
    expect(entries[0]?.method).toBe('m16');
    expect(entries.at(-1)).toEqual({ at: 0, direction: 'out', kind: 'response' });
    expect(traffic.count()).toBe(46);
  });
});
