import { useTranslation } from 'react-i18next';

/** What the model reasoned before answering, folded away; plain text, as it streamed. */
export function ReasoningBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="reasoning" data-testid="reasoning">
      <summary className="reasoning__summary">
        {t('providers.reasoning')}
        {streaming && <span className="reasoning__live" aria-hidden="true" />}
      </summary>
      <div className="reasoning__text">{text}</div>
    </details>
  );
}
