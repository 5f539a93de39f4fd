import { useTranslation } from 'react-i18next';
import type { Loadable } from '../stores/loadable';
import { useErrorText } from '../i18n/hostText';

/** A list's loading line, or why it failed; nothing once it is ready. */
export function LoadStatus({
  loadable,
  failed,
}: {
  loadable: Loadable<unknown> | null | undefined;
  /** The failure sentence, given main's message. */
  failed: (message: string) => string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (loadable?.state === 'failed')
    return (
      <p className="field__error" role="alert">
        {failed(errorText(loadable.error))}
      </p>
    );
  if (!loadable || loadable.state === 'loading')
    return <p className="muted">{t('common.loading')}</p>;
  return null;
}
