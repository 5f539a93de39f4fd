import { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/** A fetch as the model SDKs call it. */
export type ModelFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Statuses whose response has no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The `fetch` the model SDKs are given: a request whose body is text, bytes or a Blob (a long
 * history's, see WireChunks) goes over undici's request API, anything else through the global
 * fetch.
 * The global fetch runs the whole WHATWG fetch algorithm for each request (its body copied into
 * a stream and cloned for redirects, the request and response objects checked and wrapped),
 * about 0.2 ms of a turn's first token here, against undici's own request on the same pooled,
 * kept-alive connections. A redirect, rare for a model API, is followed by the global fetch
 * with the same request; responses are asked for and read uncompressed.
 */
export function createModelFetch(dispatcher: Agent = new Agent()): ModelFetch {
  return async (input, init = {}) => {
    const body = init.body ?? null;
    const whole = body === null || typeof body === 'string' || body instanceof Uint8Array;
    const blob = body instanceof Blob ? body : undefined;
    if (input instanceof Request || !(whole || blob) || init.redirect === 'manual') {
      return fetch(input, init);
    }
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      if (name !== 'accept-encoding') headers[name] = value;
    });
    // A Blob (a long history's parts) is read part by part as it is sent, its length known.
    if (blob) headers['content-length'] = String(blob.size);
    const method = init.method ?? 'GET';
    const answer = await request(input, {
      method,
      headers,
      body: blob ? Readable.fromWeb(blob.stream()) : (body as string | Uint8Array | null),
      signal: init.signal ?? undefined,
      dispatcher,
    });
    const status = answer.statusCode;
    if (status >= 300 && status < 400 && answer.headers.location !== undefined) {
      await answer.body.dump();
      return fetch(input, init);
    }
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (Array.isArray(value)) for (const one of value) responseHeaders.append(name, one);
      else if (value !== undefined) responseHeaders.set(name, value);
    }
    if (NULL_BODY.has(status) || method === 'HEAD') {
      await answer.body.dump();
      return new Response(null, { status, headers: responseHeaders });
    }
    // Node's web streams are the global ones; only their type declarations differ.
    const stream = Readable.toWeb(answer.body) as unknown as ReadableStream<Uint8Array>;
    return new Response(stream, {
      status,
      headers: responseHeaders,
    });
  };
}

let shared: ModelFetch | undefined;

/** One model fetch (and one connection pool) for every model client of the process. */
export function sharedModelFetch(): ModelFetch {
  return (shared ??= createModelFetch());
}
