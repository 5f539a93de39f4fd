import type { BundleView } from '../../shared/domain/bundleViews';
import {
  BUNDLE_CHUNK_BYTES,
  MAX_BUNDLE_BYTES,
  isBundleFileName,
} from '../../shared/domain/bundleLimits';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ErrorInfo } from './loadable';

/** Why a dropped file was not read; the screen says it in the person's language. */
export type BundleDropProblem =
  | { kind: 'notBundle'; name: string }
  | { kind: 'tooLarge'; name: string; size: number }
  | { kind: 'unreadable'; name: string }
  | { kind: 'host'; error: ErrorInfo };

/** The bundle under review on the bundle screen, however it came (opened or dropped). */
export interface BundleReview {
  view: BundleView | null;
  /** The dropped file's name, when it was dropped. */
  droppedName?: string;
  /** A dropped file being sent to main, with how much of it went. */
  reading?: { name: string; sent: number; size: number };
  problem?: BundleDropProblem;
}

export interface BundleReviewActions {
  bundleReview: BundleReview;
  /** Shows a bundle read by path. */
  showBundle: (view: BundleView) => void;
  /** Sends a dropped file to main in chunks and shows what it is. */
  dropBundle: (file: File) => Promise<void>;
  /** The review was closed: a dropped file staged for it is discarded. */
  closeBundle: () => void;
}

type Set = (patch: Partial<BundleReviewActions>) => void;
type Get = () => BundleReviewActions;

/** The bundle review slice of the getting-servers store. */
export function createBundleReview(client: HostClient, set: Set, get: Get): BundleReviewActions {
  let seq = 0;
  const discard = (view: BundleView | null) => {
    // Main removes only files it staged; a bundle opened by path is the person's own.
    if (view) void client.invoke('bundles.discard', { path: view.path }).catch(() => undefined);
  };
  const review = (next: BundleReview) => {
    discard(get().bundleReview.view);
    set({ bundleReview: next });
  };
  return {
    bundleReview: { view: null },
    showBundle: (view) => {
      seq++;
      review({ view });
    },
    closeBundle: () => {
      seq++;
      review({ view: null });
    },
    dropBundle: async (file) => {
      const mine = ++seq;
      const { name, size } = file;
      if (!isBundleFileName(name))
        return review({ view: null, problem: { kind: 'notBundle', name } });
      if (size > MAX_BUNDLE_BYTES || size === 0) {
        return review({
          view: null,
          problem: size === 0 ? { kind: 'unreadable', name } : { kind: 'tooLarge', name, size },
        });
      }
      review({ view: null, reading: { name, sent: 0, size } });
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await file.arrayBuffer());
      } catch {
        if (mine === seq)
          set({ bundleReview: { view: null, problem: { kind: 'unreadable', name } } });
        return;
      }
      try {
        const { uploadId } = await client.invoke('bundles.uploadStart', {
          name,
          size: bytes.length,
        });
        for (let offset = 0; offset < bytes.length; offset += BUNDLE_CHUNK_BYTES) {
          // A newer drop or a closed review: main drops this upload when the next one starts.
          if (mine !== seq) return;
          const data = toBase64(bytes.subarray(offset, offset + BUNDLE_CHUNK_BYTES));
          const { received } = await client.invoke('bundles.uploadChunk', {
            uploadId,
            offset,
            data,
          });
          if (mine === seq)
            set({ bundleReview: { view: null, reading: { name, sent: received, size } } });
        }
        const view = await client.invoke('bundles.uploadFinish', { uploadId });
        if (mine === seq) set({ bundleReview: { view, droppedName: name } });
        else discard(view);
      } catch (error) {
        if (mine === seq) {
          set({ bundleReview: { view: null, problem: { kind: 'host', error: errorInfo(error) } } });
        }
      }
    },
  };
}

/** Base64 of bytes, in slices (String.fromCharCode takes only so many arguments). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
