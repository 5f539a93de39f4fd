import { useTranslation } from 'react-i18next';
import { useConfigStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** One line saying where the file stands: saved, refused, failed, or edited. */
export function SaveStatus() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const outcome = useConfigStore((s) => s.saveOutcome);
  const dirty = useConfigStore((s) => s.draft !== null);
  const saving = useConfigStore((s) => s.savingText !== null);
  let text = '';
  let tone = 'muted';
  if (saving) text = t('config.saving');
  else if (outcome?.kind === 'saved') {
    text = t('config.saved');
    tone = 'ok';
  } else if (outcome?.kind === 'invalid') {
    text = t('config.invalid');
    tone = 'error';
  } else if (outcome?.kind === 'failed') {
    text = t('config.saveFailed', { message: errorText(outcome.error) });
    tone = 'error';
  } else if (dirty) text = t('config.unsaved');
  return (
    <p className={`save-status save-status--${tone}`} role="status" data-testid="config-status">
      {text}
    </p>
  );
}
