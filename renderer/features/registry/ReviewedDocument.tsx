import { useTranslation } from 'react-i18next';
import type { RegistryReview } from '../../../shared/domain/registryReview';

/** The version document as the registry served it, under the digest it is pinned by. */
export function ReviewedDocument({ review }: { review: RegistryReview }) {
  const { t } = useTranslation();
  return (
    <details className="disclosure reviewed-document" data-testid="registry-review-document">
      <summary>
        {t('registry.document', { digest: review.digest.slice(0, 'sha256:'.length + 16) + '…' })}
      </summary>
      <p className="field__help">
        <code className="reviewed-document__digest">{review.digest}</code>
      </p>
      <pre className="reviewed-document__text">{review.document}</pre>
      {review.documentTruncated && <p className="field__help">{t('registry.documentTruncated')}</p>}
    </details>
  );
}
