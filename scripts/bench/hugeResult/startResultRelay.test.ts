import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrafficEntry } from '../../../shared/domain/mcpViews';
import { ProcessJanitor } from '../../../main/services/mcp/launch/testing/ProcessJanitor';
import { fixtureServer } from '../fixtureServer';
import { expectIntact } from './expectIntact';
import { handshakeSteps } from './replayHandshake';
import { startResultRelay } from './startResultRelay';

const janitor = new ProcessJanitor();
let root = '';
afterEach(async () => {
  await janitor.cleanup();
  if (root) await rm(root, { recursive: true, force: true });
});

const line = (message: object) => JSON.stringify({ jsonrpc: '2.0', ...message });
const HANDSHAKE = [
  {
    line: line({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'relay-test', version: '1.0.0' },
      },
    }),
    answered: true,
  },
  { line: line({ method: 'notifications/initialized' }), answered: false },
];
const CALL = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'huge', arguments: {} },
};

describe('startResultRelay', () => {
  it.each([
    ['parsing each answer', {}],
    ['framing each answer unparsed', { unparsed: true }],
  ])(
    'answers each call with the server’s own answer, whole, as the frame’s value (%s)',
    async (_, options) => {
      root = await mkdtemp(join(tmpdir(), 'result-relay-'));
      const script = fixtureServer('huge-result.mjs');
      const relay = await startResultRelay(
        script,
        { handshake: HANDSHAKE, call: CALL },
        root,
        janitor,
        options,
      );
      // Larger than the relay's first buffers, then smaller: the reused buffers hold no leftovers.
      for (const bytes of [3_000_000, 1_000, 200_000]) {
        const value = (await relay.socket.value('mcp.callTool', {
          server: 'huge',
          tool: 'huge',
          arguments: { bytes },
        })) as { jsonrpc: string; id: number; result: unknown };
        expect(value.jsonrpc).toBe('2.0');
        expect(value.id).toBeGreaterThanOrEqual(1_000_000);
        expectIntact(value.result, bytes);
      }
      await relay.stop();
    },
  );
});

describe('handshakeSteps', () => {
  it('keeps the lines before the first tools/call, marking the requests answered', () => {
    const entry = (message: { id?: number; method: string }, seq: number): TrafficEntry => ({
      seq,
      at: seq,
      direction: 'out',
      kind: message.id === undefined ? 'notification' : 'request',
      bytes: line(message).length,
      preview: line(message),
      truncated: false,
      method: message.method,
      ...(message.id === undefined ? {} : { id: message.id }),
    });
    const sent = [
      { id: 1, method: 'initialize' },
      { method: 'notifications/initialized' },
      { id: 2, method: 'subscriptions/listen' },
      { id: 3, method: 'tools/call' },
      { id: 4, method: 'tools/list' },
    ].map(entry);
    expect(handshakeSteps(sent, new Set(['1', '3']))).toEqual([
      { line: line({ id: 1, method: 'initialize' }), answered: true },
      { line: line({ method: 'notifications/initialized' }), answered: false },
      { line: line({ id: 2, method: 'subscriptions/listen' }), answered: false },
    ]);
    expect(() => handshakeSteps(sent.slice(0, 2), new Set(['1']))).toThrow(
      'the host sent no tools/call',
    );
  });
});
