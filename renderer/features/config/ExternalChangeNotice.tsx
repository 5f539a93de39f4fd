import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../stores/StoresContext';

/** The file changed on disk under unsaved edits: the person decides which one wins. */
export function ExternalChangeNotice() {
  const { t } = useTranslation();
  const resolve = useConfigStore((s) => s.resolveExternal);
  return (
    <div className="notice notice--warn notice--actions" role="alert" data-testid="config-external">
      <p>{t('config.externalChange')}</p>
      <div className="field__row">
        <button type="button" className="button button--small" onClick={() => resolve('reload')}>
          {t('config.reloadFromDisk')}
        </button>
        <button type="button" className="button button--small" onClick={() => resolve('keep')}>
          {t('config.keepMine')}
        </button>
      </div>
    </div>
  );
}
