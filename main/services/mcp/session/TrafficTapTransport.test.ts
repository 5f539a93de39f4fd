import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { TrafficTapTransport, type TrafficEvent } from './TrafficTapTransport';

describe('TrafficTapTransport', () => {
  it('reports every message both ways without changing the exchange', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = new McpServer({ name: 'tap-test', version: '1.0.0' });
    server.registerTool('ping-tool', { description: 'answers pong' }, () => ({
      content: [{ type: 'text', text: 'pong' }],
    }));
    await server.connect(serverSide);

    const events: TrafficEvent[] = [];
    const tap = new TrafficTapTransport(clientSide, {
      kind: 'http',
      onTraffic: (event) => {
        events.push(event);
        throw new Error('a broken listener must not break the tap');
      },
    });
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(tap);
    const result = await client.callTool({ name: 'ping-tool', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'pong' }]);

    const summary = events.map(
      (e) => `${e.direction}:${'method' in e.message ? e.message.method : 'result'}`,
    );
    expect(summary).toEqual([
      'out:initialize',
      'in:result',
      'out:notifications/initialized',
      'out:tools/call',
      'in:result',
    ]);
    expect(events.every((e) => e.at > 0)).toBe(true);
    expect('pid' in tap).toBe(false);
    await client.close();
    expect(tap.closed).toBe(true);
    expect(tap.closedByPeer).toBe(false);
    await server.close();
  });

  it('looks like a stdio transport to the SDK only when it wraps one', () => {
    const [a] = InMemoryTransport.createLinkedPair();
    const tap = new TrafficTapTransport(a, { kind: 'stdio', onTraffic: () => undefined });
    expect('pid' in tap && 'stderr' in tap).toBe(true);
    expect(tap.pid).toBeNull();
  });
});
