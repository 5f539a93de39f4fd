import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleView } from '../../../shared/domain/bundleViews';
import { useGettingServersStore } from '../../stores/StoresContext';
import { AddServerLayout } from '../addServer/AddServerLayout';
import { PathForm } from '../addServer/PathForm';
import { BundleInstallForm } from './BundleInstallForm';
import { BundleSummary } from './BundleSummary';

/** Open an `.mcpb` file, see what it is and whether it is signed, configure it, install it. */
export function BundleScreen() {
  const { t } = useTranslation();
  const inspect = useGettingServersStore((s) => s.inspectBundle);
  const [bundle, setBundle] = useState<BundleView | null>(null);
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
          setBundle(null);
          const result = await inspect(path);
          if (result.ok) setBundle(result.value);
          return result.ok ? undefined : result.error.message;
        }}
      />
      {bundle && (
        <>
          <BundleSummary bundle={bundle} />
          <BundleInstallForm key={bundle.path} bundle={bundle} />
        </>
      )}
    </AddServerLayout>
  );
}
