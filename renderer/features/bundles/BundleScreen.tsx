import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleView } from '../../../shared/domain/bundleViews';
import { useGettingServersStore } from '../../stores/StoresContext';
import { AddServerLayout } from '../addServer/AddServerLayout';
import { PathField } from '../addServer/PathField';
import { BundleInstallForm } from './BundleInstallForm';
import { BundleSummary } from './BundleSummary';

/** Open an `.mcpb` file, see what it is and whether it is signed, configure it, install it. */
export function BundleScreen() {
  const { t } = useTranslation();
  const inspect = useGettingServersStore((s) => s.inspectBundle);
  const [path, setPath] = useState('');
  const [bundle, setBundle] = useState<BundleView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (path.trim() === '') return;
    setBusy(true);
    setError(null);
    setBundle(null);
    const result = await inspect(path.trim());
    setBusy(false);
    if (result.ok) setBundle(result.value);
    else setError(result.error.message);
  };

  return (
    <AddServerLayout active="bundle">
      <form className="field bundle__open" onSubmit={(e) => void open(e)}>
        <label className="field__label" htmlFor="bundle-path">
          {t('bundles.file')}
        </label>
        <div className="field__row">
          <div className="bundle__path">
            <PathField
              id="bundle-path"
              kind="file"
              purpose="bundle"
              value={path}
              placeholder={t('bundles.pathPlaceholder')}
              onChange={setPath}
              testId="bundle-path"
            />
          </div>
          <button
            type="submit"
            className="button"
            disabled={busy || path.trim() === ''}
            data-testid="bundle-open"
          >
            {busy ? t('bundles.reading') : t('bundles.open')}
          </button>
        </div>
        <p className="field__help">{t('bundles.help')}</p>
      </form>
      {error && (
        <p className="field__error" role="alert" data-testid="bundle-error">
          {error}
        </p>
      )}
      {bundle && (
        <>
          <BundleSummary bundle={bundle} />
          <BundleInstallForm key={bundle.path} bundle={bundle} />
        </>
      )}
    </AddServerLayout>
  );
}
