/**
 * How much a bundle may unpack to. A bundle carries its server and its dependencies (tens of
 * MiB is normal, a few hundred files to a few thousand), so these leave room for real ones
 * while a crafted archive (a few MiB that inflate to GiB, or tens of thousands of entries)
 * is refused before it fills the disk or keeps the unpacker busy.
 */
export interface UnpackLimits {
  /** The `.mcpb` file itself (opened by path or dropped). */
  bundleBytes: number;
  /** Everything unpacked, together. */
  totalBytes: number;
  /** Files, folders and links in the archive. */
  entries: number;
  /** One file, unpacked. */
  entryBytes: number;
  /** Unpacked size over packed size, per entry, for entries larger than `ratioFloorBytes`. */
  ratio: number;
  /** Small files may compress well (a page of spaces): the ratio applies above this size. */
  ratioFloorBytes: number;
  /** `manifest.json`, which main parses. */
  manifestBytes: number;
  /** The text of a link (where it points). */
  linkBytes: number;
}

const MiB = 1024 * 1024;

/** The caps every bundle is read with, for a review and for an install alike. */
export const UNPACK_LIMITS: Readonly<UnpackLimits> = {
  bundleBytes: 200 * MiB,
  totalBytes: 256 * MiB,
  entries: 5000,
  entryBytes: 128 * MiB,
  ratio: 200,
  ratioFloorBytes: MiB,
  manifestBytes: MiB,
  linkBytes: 4096,
};

/** A size cap as people read it: `256 MiB`, `1 MiB`, `4 KiB`. */
export function formatCap(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${(bytes / MiB).toLocaleString('en-US')} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${(bytes / 1024).toLocaleString('en-US')} KiB`;
  return `${bytes.toLocaleString('en-US')} bytes`;
}
