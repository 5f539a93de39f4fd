import { readUiResource, type UiResourceResult, type UiResourceSource } from './readUiResource';

/**
 * UI resources by server and URI, each read once while the server's resources stay the same.
 * The HTML is kept once per content hash, so twenty cards of one App share one string. A
 * failed read is not kept: the next open tries again.
 */
export class UiResourceCache {
  private readonly entries = new Map<string, Promise<UiResourceResult>>();
  private readonly html = new Map<string, string>();

  constructor(private readonly maxBytes?: number) {}

  /**
   * The resource of this server session (`session`: anything that changes when the server
   * restarts or reconnects, so a new session never gets an old session's page).
   */
  get(
    server: string,
    session: string,
    uri: string,
    source: UiResourceSource,
  ): Promise<UiResourceResult> {
    const key = `${server}\n${session}\n${uri}`;
    this.forgetOtherSessions(server, session);
    const cached = this.entries.get(key);
    if (cached) return cached;
    const pending: Promise<UiResourceResult> = readUiResource(uri, source, this.maxBytes).then(
      (result): UiResourceResult => {
        if (!result.ok) {
          if (this.entries.get(key) === pending) this.entries.delete(key);
          return result;
        }
        const { resource } = result;
        // One string per content: the copy already kept, if another URI or read had the same.
        const shared = this.html.get(resource.contentHash);
        if (shared === undefined) this.html.set(resource.contentHash, resource.html);
        return shared === undefined
          ? result
          : { ok: true, resource: { ...resource, html: shared } };
      },
    );
    this.entries.set(key, pending);
    return pending;
  }

  /** The HTML with this content hash, if some cached resource has it. */
  htmlFor(contentHash: string): string | undefined {
    return this.html.get(contentHash);
  }

  /** Forgets a server's resources (its resource list changed). */
  invalidate(server: string): void {
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(`${server}\n`)) this.entries.delete(key);
    }
    void this.prune();
  }

  private forgetOtherSessions(server: string, session: string): void {
    let dropped = false;
    for (const key of [...this.entries.keys()]) {
      if (key.startsWith(`${server}\n`) && !key.startsWith(`${server}\n${session}\n`)) {
        this.entries.delete(key);
        dropped = true;
      }
    }
    if (dropped) void this.prune();
  }

  /** Drops HTML no cached resource refers to any more. */
  private async prune(): Promise<void> {
    const results = await Promise.all(this.entries.values());
    const used = new Set(results.flatMap((r) => (r.ok ? [r.resource.contentHash] : [])));
    for (const hash of [...this.html.keys()]) if (!used.has(hash)) this.html.delete(hash);
  }
}
