import { z } from 'zod';
import {
  BUNDLE_CHUNK_BASE64_MAX,
  BUNDLE_CHUNK_BYTES,
  MAX_BUNDLE_BYTES,
  isBundleFileName,
} from './bundleLimits';

export { BUNDLE_CHUNK_BASE64_MAX, BUNDLE_CHUNK_BYTES, MAX_BUNDLE_BYTES, isBundleFileName };

const uploadId = z.string().min(1).max(64);

export const bundleUploadStartSchema = z
  .object({
    /** The dropped file's name (only checked and shown; the staging file gets its own). */
    name: z.string().min(1).max(255),
    size: z.number().int().min(1).max(MAX_BUNDLE_BYTES),
  })
  .strict();

export const bundleUploadChunkSchema = z
  .object({
    uploadId,
    /** Where this chunk starts: chunks come in order, each right after the last. */
    offset: z.number().int().min(0).max(MAX_BUNDLE_BYTES),
    data: z.base64().max(BUNDLE_CHUNK_BASE64_MAX),
  })
  .strict();

export const bundleUploadIdSchema = z.object({ uploadId }).strict();
