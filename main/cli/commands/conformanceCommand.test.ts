import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestProcesses,
  type HttpServerProcess,
} from '../../services/mcp/session/testing/TestProcesses';
import { runCli } from '../runCli';

// The suite itself runs in `npm run conformance`; this only checks the command's own wiring
// (era from the requested version, context tool calls, exit codes) against the v2 fixture.
let processes: TestProcesses;
let server: HttpServerProcess;
let dir: string;

beforeAll(async () => {
  processes = new TestProcesses();
  server = await processes.startModernHttp();
  dir = await mkdtemp(join(tmpdir(), 'sb-conformance-'));
});

afterAll(async () => {
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

async function conformance(
  env: Record<string, string>,
  url = server.url,
): Promise<{ code: number; json: Record<string, unknown>; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    ['conformance', '--json', '--data-dir', join(dir, 'data'), '--timeout', '10000', url],
    env,
    (t) => (out += t),
    (t) => (err += t),
  );
  return { code, json: JSON.parse(out) as Record<string, unknown>, err };
}

describe('conformance command', () => {
  it('speaks the stateless era for 2026-07-28 and makes the context tool calls', async () => {
    const { code, json } = await conformance({
      MCP_CONFORMANCE_SCENARIO: 'some-scenario',
      MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28',
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({
        toolCalls: [{ name: 'echo', arguments: { message: 'hi' } }, { name: 'era' }],
      }),
    });
    expect(code).toBe(0);
    expect(json).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(json.steps).toEqual([
      'connected: modern era, protocol 2026-07-28 over http',
      expect.stringMatching(/^listed \d+ tool\(s\)$/),
      'called echo',
      'called era',
    ]);
  });

  it('uses the initialize handshake for 2025-11-25', async () => {
    const { code, json } = await conformance({
      MCP_CONFORMANCE_SCENARIO: 'initialize',
      MCP_CONFORMANCE_PROTOCOL_VERSION: '2025-11-25',
    });
    expect(code).toBe(0);
    expect(json).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
  });

  it('exits 1 when a step of the flow fails', async () => {
    const { code, json } = await conformance({
      MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28',
      MCP_CONFORMANCE_CONTEXT: JSON.stringify({ toolCalls: [{ name: 'no-such-tool' }] }),
    });
    expect(code).toBe(1);
    expect(json).toMatchObject({ error: { code: 'MCP_PROTOCOL' } });
  });

  it('exits 1 on a malformed context or URL', async () => {
    expect((await conformance({ MCP_CONFORMANCE_CONTEXT: '{' })).json).toMatchObject({
      error: { code: 'VALIDATION' },
    });
    const badUrl = await conformance({}, 'ftp://127.0.0.1/mcp');
    expect(badUrl.code).toBe(1);
    expect(badUrl.json).toMatchObject({ error: { code: 'VALIDATION' } });
  });
});
