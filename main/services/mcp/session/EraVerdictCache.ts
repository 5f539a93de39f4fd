import { readFile } from 'node:fs/promises';
import { isSpecType, type PriorDiscovery } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { Logger } from '../../../platform/Logger';
import { writeFileAtomic } from '../../../platform/writeFileAtomic';

/** Default lifetime of a verdict: a stale *legacy* verdict never fails loudly, so it must age out. */
export const DEFAULT_VERDICT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A remembered era verdict for one config hash. */
export interface CachedEraVerdict {
  /** Ready to pass as `connect(transport, { prior })`. */
  prior: PriorDiscovery;
  /** For URL configs: which HTTP transport answered, so a known SSE server skips the POST try. */
  httpTransport?: 'http' | 'sse';
  /** When the verdict was reached (ms since epoch). */
  at: number;
}

/** Options for {@link EraVerdictCache}. */
export interface EraVerdictCacheOptions {
  /** JSON file the verdicts live in (created on first write). */
  file: string;
  ttlMs?: number;
  now?: () => number;
  logger?: Logger;
  /** Writes the file; the atomic write unless a test stands in a slow or counting disk. */
  write?: typeof writeFileAtomic;
}

const entrySchema = z.object({
  kind: z.enum(['legacy', 'modern']),
  discover: z.unknown().optional(),
  httpTransport: z.enum(['http', 'sse']).optional(),
  at: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), entrySchema) });
type Entry = z.infer<typeof entrySchema>;

/**
 * Remembers, per config hash, whether a server speaks the modern or the legacy era, so that the
 * next connect can skip the `server/discover` probe (on stdio that probe costs a whole extra
 * process, or the full probe timeout against a silent legacy server). Entries expire after
 * `ttlMs`; a changed config has a different hash and so never sees the old verdict.
 */
export class EraVerdictCache {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private loaded: Promise<Map<string, Entry>> | undefined;
  private writes: Promise<void> = Promise.resolve();
  /** The write not started yet, which later updates join. */
  private queued: Promise<void> | undefined;
  /** Verdicts recorded and not on disk yet. */
  private readonly saving = new Set<Promise<void>>();

  constructor(private readonly options: EraVerdictCacheOptions) {
    this.ttlMs = options.ttlMs ?? DEFAULT_VERDICT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The fresh verdict for `hash`, or `undefined` when there is none or it expired. */
  async get(hash: string): Promise<CachedEraVerdict | undefined> {
    const entry = (await this.load()).get(hash);
    if (!entry || this.isExpired(entry)) return undefined;
    const prior = toPrior(entry);
    if (!prior) return undefined;
    return entry.httpTransport === undefined
      ? { prior, at: entry.at }
      : { prior, httpTransport: entry.httpTransport, at: entry.at };
  }

  /** Records a verdict reached just now; resolves once it is on disk. Never rejects. */
  set(
    hash: string,
    verdict: { prior: PriorDiscovery; httpTransport?: 'http' | 'sse' },
  ): Promise<void> {
    const saving = this.save(hash, verdict);
    this.saving.add(saving);
    void saving.finally(() => this.saving.delete(saving));
    return saving;
  }

  /** Resolves once every verdict recorded so far is on disk (or its write failed, logged). */
  async settled(): Promise<void> {
    await Promise.all(this.saving);
  }

  private async save(
    hash: string,
    verdict: { prior: PriorDiscovery; httpTransport?: 'http' | 'sse' },
  ): Promise<void> {
    const entries = await this.load();
    const entry: Entry = { kind: verdict.prior.kind, at: this.now() };
    if (verdict.prior.kind === 'modern') entry.discover = verdict.prior.discover;
    if (verdict.httpTransport) entry.httpTransport = verdict.httpTransport;
    entries.set(hash, entry);
    await this.persist(entries);
  }

  /** Forgets the verdict for `hash` (it proved wrong, or the server changed). */
  async delete(hash: string): Promise<void> {
    const entries = await this.load();
    if (entries.delete(hash)) await this.persist(entries);
  }

  private isExpired(entry: Entry): boolean {
    return this.now() - entry.at > this.ttlMs;
  }

  private load(): Promise<Map<string, Entry>> {
    this.loaded ??= this.read();
    return this.loaded;
  }

  private async read(): Promise<Map<string, Entry>> {
    let text: string;
    try {
      text = await readFile(this.options.file, 'utf8');
    } catch {
      return new Map();
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      if (parsed.success) return new Map(Object.entries(parsed.data.entries));
    } catch {
      // Fall through: a corrupt cache only costs a probe.
    }
    this.options.logger?.warn('era verdict cache unreadable; starting empty', {
      file: this.options.file,
    });
    return new Map();
  }

  /**
   * Writes are chained so two quick updates never interleave on disk, and coalesced: a write
   * not started yet takes every update made before it starts. Servers starting together each
   * wait for their verdict to be on disk; one write each (two fsyncs apiece, one after another)
   * kept the 30th of 30 servers waiting on 29 writes before it was ready.
   */
  private persist(entries: Map<string, Entry>): Promise<void> {
    if (this.queued) return this.queued;
    const write = this.writes.then(() => {
      this.queued = undefined;
      for (const [key, entry] of entries) if (this.isExpired(entry)) entries.delete(key);
      const content = JSON.stringify({ version: 1, entries: Object.fromEntries(entries) }, null, 2);
      return (this.options.write ?? writeFileAtomic)(this.options.file, content, 0o600);
    });
    this.writes = write.catch((error: unknown) => {
      this.options.logger?.warn('era verdict cache not saved', { error: errorMessage(error) });
    });
    this.queued = this.writes;
    return this.writes;
  }
}

function toPrior(entry: Entry): PriorDiscovery | undefined {
  if (entry.kind === 'legacy') return { kind: 'legacy' };
  // The file is outside our control: only a well-formed DiscoverResult may reach connect().
  return isSpecType.DiscoverResult(entry.discover)
    ? { kind: 'modern', discover: entry.discover }
    : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
