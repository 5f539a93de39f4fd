import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistryReview } from '../../../shared/domain/registryReview';
import type { RegistryServer } from '../../../shared/domain/registryViews';
import { useErrorText } from '../../i18n/hostText';
import { useGettingServersStore } from '../../stores/StoresContext';
import type { Result } from '../../stores/gettingServersStore';
import { FieldChangesTable } from './FieldChangesTable';
import { InstallForm } from './InstallForm';
import { ReviewedDocument } from './ReviewedDocument';

/**
 * The install review of a listed server: the version document that would be installed is
 * fetched and shown (pinned by its digest), or, when it would run something other than the
 * listing showed, the difference and no way to install it.
 */
export function InstallPanel({
  server,
  onCancel,
}: {
  server: RegistryServer;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reviewRegistry = useGettingServersStore((s) => s.reviewRegistry);
  const [review, setReview] = useState<Result<RegistryReview> | null>(null);

  useEffect(() => {
    let current = true;
    void reviewRegistry(server.name, server.version).then((result) => {
      if (current) setReview(result);
    });
    return () => {
      current = false;
    };
  }, [reviewRegistry, server.name, server.version]);

  if (!review) {
    return (
      <div className="install-panel" data-testid="registry-install-form">
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('registry.reviewing')}
        </p>
      </div>
    );
  }
  if (!review.ok) {
    return (
      <div className="install-panel" data-testid="registry-install-form">
        <p className="field__error" role="alert" data-testid="registry-review-error">
          {t('registry.reviewFailed', { message: errorText(review.error) })}
        </p>
        <div className="install-panel__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    );
  }
  const { listingChanges } = review.value;
  if (listingChanges) {
    return (
      <div className="install-panel" data-testid="registry-install-form">
        <div className="notice notice--danger" role="alert" data-testid="registry-review-mismatch">
          <p className="notice__title">{t('registry.listingMismatch')}</p>
          <p>{t('registry.listingMismatchHelp')}</p>
        </div>
        <FieldChangesTable
          changes={listingChanges}
          before={t('registry.inListing')}
          after={t('registry.inVersion')}
        />
        <ReviewedDocument review={review.value} />
        <div className="install-panel__actions">
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return <InstallForm review={review.value} onCancel={onCancel} />;
}
