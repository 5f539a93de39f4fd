import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelFetch } from './createModelFetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

/** A loopback server answering with `handle`; `seen` lists what it was sent. */
async function serve(handle: (req: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const one = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(one);
      handle(one, res);
    });
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${String(port)}`, seen };
}

const text = new TextDecoder();

describe('createModelFetch', () => {
  it('sends the method, headers and body, and streams the answer as it comes', async () => {
    let finish: (() => void) | undefined;
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' });
      res.write('data: first\n\n');
      finish = () => res.end('data: last\n\n');
    });
    const response = await createModelFetch()(`${url}/v1/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', 'x-api-key': 'k' },
      body: new TextEncoder().encode('{"a":1}'),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/chat', body: '{"a":1}' });
    expect(seen[0]?.headers['x-api-key']).toBe('k');
    // Asked for uncompressed: nothing here decodes a compressed answer.
    expect(seen[0]?.headers['accept-encoding']).toBeUndefined();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The first event is readable while the server still holds the rest.
    expect(text.decode((await reader.read()).value)).toBe('data: first\n\n');
    finish?.();
    expect(text.decode((await reader.read()).value)).toBe('data: last\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('keeps every value of a repeated response header', async () => {
    const { url } = await serve((_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.end('ok');
    });
    const response = await createModelFetch()(url, { method: 'GET' });
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.text()).toBe('ok');
  });

  it('stops reading when the request is aborted mid-stream', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    });
    const abort = new AbortController();
    const response = await createModelFetch()(url, {
      method: 'POST',
      body: '{}',
      signal: abort.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
  });

  it('rejects an aborted request before its answer', async () => {
    const { url } = await serve(() => {
      // Never answers.
    });
    const abort = new AbortController();
    const pending = createModelFetch()(url, { method: 'POST', body: '{}', signal: abort.signal });
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends a Blob body (a long history) whole, with its length', async () => {
    const { url, seen } = await serve((_req, res) => res.end('ok'));
    const parts = ['{"messages":[', '"x".repeat', ']}'];
    const response = await createModelFetch()(url, { method: 'POST', body: new Blob(parts) });
    expect(await response.text()).toBe('ok');
    expect(seen[0]?.body).toBe(parts.join(''));
    expect(seen[0]?.headers['content-length']).toBe(String(parts.join('').length));
  });

  it('follows a redirect with the same request', async () => {
    const { url, seen } = await serve((req, res) => {
      if (req.url === '/old') res.writeHead(307, { location: '/new' }).end();
      else res.end(`moved: ${req.method} ${req.body}`);
    });
    const response = await createModelFetch()(`${url}/old`, { method: 'POST', body: '{"b":2}' });
    expect(await response.text()).toBe('moved: POST {"b":2}');
    expect(seen.map((s) => s.url)).toEqual(['/old', '/old', '/new']);
  });

  it('answers a status without a body with no body', async () => {
    const { url } = await serve((_req, res) => res.writeHead(204).end());
    const response = await createModelFetch()(url, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('rejects when nothing listens', async () => {
    const { url } = await serve(() => undefined);
    await new Promise((done) => server?.close(done));
    server = undefined;
    await expect(createModelFetch()(url, { method: 'POST', body: '{}' })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
  });

  it('serves the OpenAI SDK as the global fetch does: a streamed completion, and a stop', async () => {
    const chunk = (content: string) =>
      `data: ${JSON.stringify({
        id: 'c',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      })}\n\n`;
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('Hello'));
      // "hold": the answer stays open, as a long reply does.
      if (!req.body.includes('hold')) res.end(`${chunk(' there')}data: [DONE]\n\n`);
    });
    const outcomes = async (fetch?: typeof globalThis.fetch) => {
      const client = new OpenAI({
        apiKey: 'k',
        baseURL: `${url}/v1`,
        maxRetries: 0,
        ...(fetch ? { fetch } : {}),
      });
      const whole = await client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      });
      const words: string[] = [];
      for await (const event of whole) words.push(event.choices[0]?.delta.content ?? '');
      const stop = new AbortController();
      const held = await client.chat.completions.create(
        { model: 'm', messages: [{ role: 'user', content: 'hold' }], stream: true },
        { signal: stop.signal },
      );
      const after: string[] = [];
      const ended = await (async () => {
        for await (const event of held) {
          after.push(event.choices[0]?.delta.content ?? '');
          stop.abort();
        }
        return 'ended';
      })().catch((error: unknown) => (error as Error).constructor.name);
      return { words: words.join(''), after, ended };
    };
    const ours = await outcomes(createModelFetch());
    expect(ours.words).toBe('Hello there');
    expect(ours.after).toEqual(['Hello']);
    expect(ours).toEqual(await outcomes());
  });
});
