/** Sealed parts hold this many bytes (a prefix's last part may hold fewer). */
export const WIRE_CHUNK_BYTES = 64 * 1024;

/**
 * A growing UTF-8 text (a conversation's history as JSON, see HistoryWireCache) kept as sealed
 * Blob parts of 64 KiB and a short open end. A value is never changed: `append` and `prefix`
 * make new ones that share the sealed parts, so a request body made of them copies only what
 * is new, and fetch reads it part by part. A body of bytes, by contrast, is copied whole three
 * times by fetch (its source, its stream, the clone kept for redirects), each a fresh allocation
 * of the whole size.
 */
export class WireChunks {
  static readonly empty = new WireChunks([], 0, new Uint8Array(0));

  /** Bytes in all. */
  readonly size: number;

  private constructor(
    private readonly sealed: readonly Blob[],
    private readonly sealedBytes: number,
    /** The open end: fewer than {@link WIRE_CHUNK_BYTES} after an append. */
    private readonly open: Uint8Array,
  ) {
    this.size = sealedBytes + open.length;
  }

  /** What a Blob of these bytes is made of, in order. */
  get parts(): readonly (Blob | Uint8Array)[] {
    return this.open.length > 0 ? [...this.sealed, this.open] : this.sealed;
  }

  /** These bytes followed by `more`; the open end and `more` are copied, nothing else. */
  append(more: readonly Uint8Array[]): WireChunks {
    if (more.length === 0) return this;
    const bytes = Buffer.concat([this.open, ...more]);
    if (bytes.length < WIRE_CHUNK_BYTES)
      return new WireChunks(this.sealed, this.sealedBytes, bytes);
    const sealed = [...this.sealed];
    let at = 0;
    for (; bytes.length - at >= WIRE_CHUNK_BYTES; at += WIRE_CHUNK_BYTES) {
      sealed.push(new Blob([bytes.subarray(at, at + WIRE_CHUNK_BYTES)]));
    }
    // Copied: a view would keep all of `bytes` alive.
    return new WireChunks(
      sealed,
      this.sealedBytes + at,
      Uint8Array.prototype.slice.call(bytes, at),
    );
  }

  /** The first `length` bytes, sharing these parts. */
  prefix(length: number): WireChunks {
    if (length >= this.size) return this;
    if (length >= this.sealedBytes) {
      return new WireChunks(
        this.sealed,
        this.sealedBytes,
        this.open.subarray(0, length - this.sealedBytes),
      );
    }
    const sealed: Blob[] = [];
    let at = 0;
    for (const part of this.sealed) {
      if (at + part.size > length) {
        if (length > at) sealed.push(part.slice(0, length - at));
        break;
      }
      sealed.push(part);
      at += part.size;
    }
    return new WireChunks(sealed, length, WireChunks.empty.open);
  }
}
