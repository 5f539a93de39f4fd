import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../../shared/errors';
import { formatHostText } from '../../../../shared/text/hostText';

const said = (error: unknown, url: string): string | undefined => {
  const text = remoteFailureText(error, url);
  return text && formatHostText(text);
};
import { McpSession } from './McpSession';
import { remoteFailureText } from './remoteFailureText';
import { freePort, httpConfig, rejection } from './testing/TestProcesses';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A loopback HTTP server answering every request with `status` and `body`. */
async function answering(status: number, body: string, type = 'text/plain'): Promise<string> {
  const listening = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((listening.address() as AddressInfo).port)}/mcp`;
}

async function connectError(url: string) {
  const session = new McpSession({ config: httpConfig(url) });
  try {
    return await rejection(session.connect());
  } finally {
    await session.close();
  }
}

describe('remote servers that cannot be reached say why, in plain words', () => {
  it('nothing listening: the connection was refused', async () => {
    const port = await freePort();
    const error = await connectError(`http://127.0.0.1:${String(port)}/mcp`);
    expect(error.code).toBe(AppErrorCode.McpClosed);
    expect(error.message).toBe(
      `Nothing is listening at 127.0.0.1:${String(port)}: the connection was refused.`,
    );
  });

  it("the server's HTTP status and its own words (a server that only serves localhost)", async () => {
    const url = await answering(403, 'Access is only allowed at localhost:8931');
    const error = await connectError(url);
    expect(error.message).toBe(
      `${new URL(url).host} answered HTTP 403: Access is only allowed at localhost:8931`,
    );
  });

  it('a 5xx to the probe and to the 2025 handshake: the status and the JSON-RPC message', async () => {
    const url = await answering(
      503,
      JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Overloaded' }, id: null }),
      'application/json',
    );
    const error = await connectError(url);
    expect(error.message).toBe(`${new URL(url).host} answered HTTP 503: Overloaded`);
  });

  it('DNS and TLS causes, wherever they sit in the chain', () => {
    const dns = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND mcp.example'), { code: 'ENOTFOUND' }),
    });
    expect(said(dns, 'https://mcp.example:8443/mcp')).toBe(
      'The name mcp.example could not be found (DNS).',
    );
    const tls = new TypeError('fetch failed', {
      cause: Object.assign(new Error('self-signed certificate'), {
        code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      }),
    });
    expect(said(tls, 'https://mcp.example/mcp')).toBe(
      'The secure connection to mcp.example failed: self-signed certificate',
    );
    expect(remoteFailureText(new Error('something else'), 'https://mcp.example/mcp')).toBe(
      undefined,
    );
  });
});
