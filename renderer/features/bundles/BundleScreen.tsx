import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGettingServersStore } from '../../stores/StoresContext';
import { AddServerLayout } from '../addServer/AddServerLayout';
import { PathForm } from '../addServer/PathForm';
import { BundleDropStatus } from './BundleDropStatus';
import { BundleInstallForm } from './BundleInstallForm';
import { BundleSummary } from './BundleSummary';
import { useErrorText } from '../../i18n/hostText';

/**
 * Open an `.mcpb` file (or drop one onto the window), see what it is and whether it is signed,
 * configure it, install it. Leaving the screen closes the review.
 */
export function BundleScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const inspect = useGettingServersStore((s) => s.inspectBundle);
  const review = useGettingServersStore((s) => s.bundleReview);
  const showBundle = useGettingServersStore((s) => s.showBundle);
  const closeBundle = useGettingServersStore((s) => s.closeBundle);
  useEffect(() => closeBundle, [closeBundle]);
  const bundle = review.view;
  return (
    <AddServerLayout active="bundle">
      <PathForm
        id="bundle-path"
        label={t('bundles.file')}
        placeholder={t('bundles.pathPlaceholder')}
        purpose="bundle"
        submitLabel={t('bundles.open')}
        busyLabel={t('bundles.reading')}
        help={t('bundles.help')}
        testId="bundle"
        onSubmit={async (path) => {
          closeBundle();
          const result = await inspect(path);
          if (result.ok) showBundle(result.value);
          return result.ok ? undefined : errorText(result.error);
        }}
      />
      <p className="bundle-drop-hint" data-testid="bundle-drop-hint">
        {t('bundleDrop.hint')}
      </p>
      <BundleDropStatus review={review} />
      {bundle && (
        <>
          <BundleSummary
            bundle={bundle}
            {...(review.droppedName ? { fileName: review.droppedName } : {})}
          />
          <BundleInstallForm key={bundle.path} bundle={bundle} onCancel={closeBundle} />
        </>
      )}
    </AddServerLayout>
  );
}
