// What a dropped bundle may be. No schemas here: the window uses these at start-up.

/**
 * The largest `.mcpb` file this app reads, whether opened by path or dropped onto the window.
 * Bundles carry their dependencies, so tens of MiB are normal; this keeps a stray drop of a
 * disk image from filling the data folder.
 */
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;

/**
 * A dropped file goes to main in chunks of this many bytes: base64 makes each about 683 KiB,
 * under the web shell's 1 MiB message limit with room for the envelope.
 */
export const BUNDLE_CHUNK_BYTES = 512 * 1024;

/** Longest base64 text of one chunk. */
export const BUNDLE_CHUNK_BASE64_MAX = Math.ceil(BUNDLE_CHUNK_BYTES / 3) * 4;

/** A dropped bundle's file name must end like this (case-insensitive). */
export function isBundleFileName(name: string): boolean {
  return /\.mcpb$/i.test(name);
}
