import { useSharedTranslation } from '../../i18n/sharedTranslation';

/** What the model reasoned before answering, folded away; plain text, as it streamed. */
export function ReasoningBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const { t } = useSharedTranslation();
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
