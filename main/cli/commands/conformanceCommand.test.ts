import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestAuthServer } from '../../services/mcp/auth/testing/TestAuthServer';
import { TestResourceServer } from '../../services/mcp/auth/testing/TestResourceServer';
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

  describe('authorization scenarios', () => {
    async function protectedServer(
      options: ConstructorParameters<typeof TestAuthServer>[0] = {},
    ): Promise<{ as: TestAuthServer; rs: TestResourceServer; stop: () => Promise<void> }> {
      const as = await new TestAuthServer(options).start();
      const rs = await new TestResourceServer(server.url, as).start();
      return {
        as,
        rs,
        stop: async () => {
          await Promise.all([rs.stop(), as.stop()]);
        },
      };
    }

    it('signs in without a browser and then makes the calls', async () => {
      const { as, rs, stop } = await protectedServer();
      try {
        const { code, json } = await conformance(
          { MCP_CONFORMANCE_SCENARIO: 'auth/metadata-default' },
          rs.url,
        );
        expect(code).toBe(0);
        expect(json.steps).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^sign-in needed: /),
            'signed in; starting over on a fresh connection',
            expect.stringMatching(/^called /),
          ]),
        );
        expect(as.tokenRequests.map((r) => r.grantType)).toEqual(['authorization_code']);
      } finally {
        await stop();
      }
    });

    it('uses the pre-registered client from the context', async () => {
      const preRegistered = { clientId: 'pre-id', clientSecret: 'pre-secret' };
      const { as, rs, stop } = await protectedServer({
        dynamicRegistration: false,
        authMethods: ['client_secret_basic'],
        preRegistered,
      });
      try {
        const { code } = await conformance(
          {
            MCP_CONFORMANCE_SCENARIO: 'auth/pre-registration',
            MCP_CONFORMANCE_CONTEXT: JSON.stringify({
              client_id: preRegistered.clientId,
              client_secret: preRegistered.clientSecret,
            }),
          },
          rs.url,
        );
        expect(code).toBe(0);
        expect(as.tokenRequests).toEqual([
          expect.objectContaining({ method: 'client_secret_basic', clientId: 'pre-id' }),
        ]);
      } finally {
        await stop();
      }
    });

    it('exits 4 (needs sign-in) with MCP_AUTH_REQUIRED when the answer comes from the wrong issuer', async () => {
      const { as, rs, stop } = await protectedServer({ issInRedirect: 'wrong' });
      try {
        const { code, json } = await conformance(
          { MCP_CONFORMANCE_SCENARIO: 'auth/iss-wrong-issuer' },
          rs.url,
        );
        // The CLI's exit code for an authorization that did not complete; the suite only
        // needs a non-zero exit for a refusal scenario.
        expect(code).toBe(4);
        expect(json).toMatchObject({ error: { code: 'MCP_AUTH_REQUIRED' } });
        expect(as.tokenRequests).toHaveLength(0);
      } finally {
        await stop();
      }
    });
  });
});
