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
    await new Promise(setImmediate);

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

  it('reports a message only after it moved on: sent, or handed to the client', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const order: string[] = [];
    serverSide.onmessage = (message) => {
      order.push(`server got ${'method' in message ? message.method : 'reply'}`);
      if ('id' in message && 'method' in message) {
        void serverSide.send({ jsonrpc: '2.0', id: message.id, result: {} });
      }
    };
    await serverSide.start();
    const tap = new TrafficTapTransport(clientSide, {
      kind: 'http',
      onTraffic: (event) => order.push(`reported ${event.direction}`),
    });
    tap.onmessage = () => order.push('client got reply');
    await tap.start();
    await tap.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await new Promise(setImmediate);
    expect(order).toEqual(['server got ping', 'client got reply', 'reported out', 'reported in']);
  });

  it('looks like a stdio transport to the SDK only when it wraps one', () => {
    const [a] = InMemoryTransport.createLinkedPair();
    const tap = new TrafficTapTransport(a, { kind: 'stdio', onTraffic: () => undefined });
    expect('pid' in tap && 'stderr' in tap).toBe(true);
    expect(tap.pid).toBeNull();
  });
});
