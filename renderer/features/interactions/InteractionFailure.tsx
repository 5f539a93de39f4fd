import { useTranslation } from 'react-i18next';
import { useInteractionsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** Why the host could not pass the person's answer on, while that answer's error stands. */
export function InteractionFailure({ id }: { id: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const error = useInteractionsStore((s) => s.errors[id]);
  if (!error) return null;
  return (
    <p className="field__error" role="alert">
      {t('interactions.failed', { message: errorText(error) })}
    </p>
  );
}
