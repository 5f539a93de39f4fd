import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';

/** A document as pinned for review: its canonical bytes and their digest. */
export interface PinnedDocument {
  /** RFC 8785 (JCS) JSON: the same document always gives the same bytes. */
  canonical: string;
  /** `sha256:<hex>` of {@link canonical} in UTF-8. */
  digest: string;
}

/**
 * Pins a server.json: the digest names the document whatever order or spacing the registry
 * sent it in, and changes with any value in it.
 *
 * @throws AppError(Validation) for a document JSON canonicalization cannot represent (a lone
 * surrogate in a string).
 */
export function pinDocument(document: unknown, label: string): PinnedDocument {
  let canonical: string | undefined;
  try {
    canonical = canonicalize(document);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.cannotPin', { name: label, reason }),
    );
  }
  if (canonical === undefined) {
    throw new AppError(
      AppErrorCode.Validation,
      hostText('registry.cannotPin', { name: label, reason: 'no JSON value' }),
    );
  }
  return {
    canonical,
    digest: `sha256:${createHash('sha256').update(canonical, 'utf8').digest('hex')}`,
  };
}
