import { AppError, AppErrorCode } from '../../../shared/errors';
import type { RegistryEntry } from './serverJson';
import { hostText } from '../../../shared/text/hostText';

/** One page of `GET /v0.1/servers`. */
export interface RegistryListPage {
  /** Elements as received: each is checked before use, so a bad one cannot spoil the page. */
  entries: unknown[];
  nextCursor?: string;
}

export interface RegistryClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Pages fetched at most by `searchAll` (the CLI): a registry that never ends must not hang it. */
const MAX_PAGES = 50;
/**
 * Responses are small JSON documents; anything this large is not a registry answering, and is
 * not read past this point (see readCapped).
 */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/**
 * Reads the MCP Registry's public API (no auth): `GET /v0.1/servers` with `search`, `cursor`,
 * `limit` and `version=latest`, and one version of one server. Errors are AppErrors that say
 * which registry and what went wrong.
 */
export class RegistryClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: RegistryClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  get baseUrl(): string {
    return this.options.baseUrl.replace(/\/+$/, '');
  }

  async search(query: string, cursor?: string, limit = 30): Promise<RegistryListPage> {
    const params = new URLSearchParams({ version: 'latest', limit: String(limit) });
    if (query.trim() !== '') params.set('search', query.trim());
    if (cursor) params.set('cursor', cursor);
    const body = await this.get(`/v0.1/servers?${params.toString()}`);
    const record = asRecord(body);
    const servers = record?.servers;
    if (!Array.isArray(servers)) throw this.unexpected('the answer has no "servers" list');
    const next = asRecord(record?.metadata)?.nextCursor;
    return {
      entries: servers as unknown[],
      ...(typeof next === 'string' && next !== '' ? { nextCursor: next } : {}),
    };
  }

  /** Every page of a search, following `nextCursor` (bounded). */
  async searchAll(query: string): Promise<unknown[]> {
    const all: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const result = await this.search(query, cursor, 100);
      all.push(...result.entries);
      if (!result.nextCursor || result.nextCursor === cursor) return all;
      cursor = result.nextCursor;
    }
    return all;
  }

  /** One version (`latest` allowed) of one server, or NotFound. */
  async version(name: string, version: string): Promise<RegistryEntry> {
    const path = `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
    const body = asRecord(await this.get(path));
    if (!body || typeof body.server !== 'object' || body.server === null) {
      throw this.unexpected(`the answer for ${name} has no "server"`);
    }
    return body as unknown as RegistryEntry;
  }

  private async get(path: string): Promise<unknown> {
    const url = `${this.baseUrl}${path}`;
    // One signal for the timeout and for hanging up on an answer that is too large.
    const hangUp = new AbortController();
    const signal = AbortSignal.any([
      hangUp.signal,
      AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    ]);
    let response: Response;
    try {
      response = await this.fetchImpl(url, { headers: { accept: 'application/json' }, signal });
    } catch (error) {
      throw this.unreachable(error);
    }
    let text: string;
    try {
      text = await readCapped(response, MAX_RESPONSE_BYTES, () => this.tooLarge());
    } catch (error) {
      hangUp.abort();
      if (error instanceof AppError) throw error;
      throw this.unreachable(error);
    }
    if (response.status === 404) {
      throw new AppError(
        AppErrorCode.NotFound,
        hostText('registry.notFound', { url: this.baseUrl, path }),
      );
    }
    if (!response.ok) {
      const detail = asRecord(safeJson(text))?.error;
      throw new AppError(
        AppErrorCode.McpProtocol,
        typeof detail === 'string'
          ? hostText('registry.answeredWith', {
              url: this.baseUrl,
              status: response.status,
              detail,
            })
          : hostText('registry.answered', { url: this.baseUrl, status: response.status }),
      );
    }
    const parsed = safeJson(text);
    if (parsed === undefined) throw this.unexpected('the answer is not JSON');
    return parsed;
  }

  private tooLarge(): AppError {
    return new AppError(
      AppErrorCode.McpProtocol,
      hostText('registry.tooLarge', {
        url: this.baseUrl,
        limit: `${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`,
      }),
    );
  }

  private unreachable(error: unknown): AppError {
    const reason = error instanceof Error ? error.message : String(error);
    return new AppError(
      AppErrorCode.McpClosed,
      hostText('registry.unreachable', { url: this.baseUrl, reason }),
    );
  }

  private unexpected(why: string): AppError {
    return new AppError(
      AppErrorCode.Internal,
      `Unexpected answer from the MCP Registry at ${this.baseUrl}: ${why}.`,
    );
  }
}

/**
 * The body as text, read chunk by chunk: an answer that declares, or reaches, more than `max`
 * bytes is refused there and then (the caller hangs up), so a huge or endless reply is never
 * held in memory.
 */
async function readCapped(
  response: Response,
  max: number,
  tooLarge: () => AppError,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
