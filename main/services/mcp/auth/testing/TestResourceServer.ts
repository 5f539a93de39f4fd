import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TestAuthServer } from './TestAuthServer';
import { accessTokenHashOf, jwkThumbprint, verifyJws } from './verifyJws';

/**
 * An OAuth-protected MCP endpoint on 127.0.0.1 for tests: publishes RFC 9728 metadata naming
 * its current authorization server, answers 401 with a `WWW-Authenticate` challenge without a
 * token that server issued, and otherwise forwards to a real MCP server (`upstream`).
 */
export class TestResourceServer {
  /** Requests that reached `/mcp`, by HTTP method (a GET would be an SSE fallback attempt). */
  readonly methods: string[] = [];
  /** The Authorization scheme of each authorized request, and the DPoP proofs' `jti`s. */
  readonly schemes: string[] = [];
  readonly proofIds: string[] = [];
  private server: Server | undefined;
  private base = '';

  constructor(
    private readonly upstream: string,
    /** The authorization server in charge; swap it to simulate a migration. */
    public authServer: TestAuthServer,
    private readonly scope?: string,
  ) {}

  /** The protected MCP endpoint. */
  get url(): string {
    return `${this.base}/mcp`;
  }

  get metadataUrl(): string {
    return `${this.base}/.well-known/oauth-protected-resource/mcp`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502);
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', this.base).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          resource: this.url,
          authorization_servers: [this.authServer.issuer],
          ...(this.scope ? { scopes_supported: [this.scope] } : {}),
        }),
      );
      return;
    }
    if (path !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    this.methods.push(req.method ?? '');
    const [, scheme, token] = /^(Bearer|DPoP) (.+)$/.exec(req.headers.authorization ?? '') ?? [];
    const bound = token ? this.authServer.boundTokens.get(token) : undefined;
    // A DPoP-bound token only with the DPoP scheme and a proof by its key (RFC 9449 §7).
    const proven = bound ? scheme === 'DPoP' && this.dpopProof(req, token ?? '') === bound : true;
    if (!token || !this.authServer.validTokens.has(token) || !proven) {
      res.writeHead(401, {
        'www-authenticate': `Bearer resource_metadata="${this.metadataUrl}"${this.scope ? `, scope="${this.scope}"` : ''}`,
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    this.schemes.push(scheme ?? '');
    await this.forward(req, res);
  }

  /** The thumbprint of the request's valid DPoP proof for `token`, if it has one. */
  private dpopProof(req: IncomingMessage, token: string): string | undefined {
    const proof = req.headers.dpop;
    const verified = typeof proof === 'string' ? verifyJws(proof, 'embedded') : undefined;
    if (
      verified?.header.typ !== 'dpop+jwt' ||
      verified.claims.htm !== req.method ||
      verified.claims.htu !== this.url ||
      verified.claims.ath !== accessTokenHashOf(token)
    ) {
      return undefined;
    }
    this.proofIds.push(String(verified.claims.jti));
    return jwkThumbprint(verified.header.jwk as Record<string, unknown>);
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value !== 'string' || ['host', 'authorization', 'connection'].includes(name)) {
        continue;
      }
      headers.set(name, value);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // A client that goes away (or this server stopping) ends the upstream request too.
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const upstream = await fetch(this.upstream, {
      method: req.method ?? 'GET',
      headers,
      signal: abort.signal,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const out: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') out[name] = value;
    });
    res.writeHead(upstream.status, out);
    if (!upstream.body) {
      res.end();
      return;
    }
    await pipeline(Readable.fromWeb(upstream.body), res).catch(() => {
      // Either side went away mid-stream (a closed session's SSE stream): nothing to do.
    });
  }
}
