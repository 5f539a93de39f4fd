import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamplingInteraction, SamplingResultView } from '../../../shared/domain/interactions';
import { useInteractionsStore } from '../../stores/StoresContext';
import { SamplingActions } from './SamplingActions';
import { SamplingBlockView } from './SamplingBlockView';
import { approveResultDecision, blockText, initialResultTexts } from './samplingEdits';
import { TextArea } from './TextArea';

/** The second review: the generated answer, editable; only an approval returns it. */
export function SamplingResultReview({
  interaction,
  result,
}: {
  interaction: SamplingInteraction;
  result: SamplingResultView;
}) {
  const { t } = useTranslation();
  const { id } = interaction;
  const respond = useInteractionsStore((s) => s.respondSampling);
  const [texts, setTexts] = useState(() => initialResultTexts(result.content));
  return (
    <div className="sampling" data-testid="sampling-result">
      <p className="muted sampling__generated">
        {result.stopReason
          ? t('interactions.sampling.generatedBy', {
              model: result.model,
              reason: result.stopReason,
            })
          : t('interactions.sampling.generatedByNoReason', { model: result.model })}
      </p>
      <div className="sampling-message sampling-message--assistant">
        <span className="sampling-message__role">{t('interactions.sampling.roles.assistant')}</span>
        {result.content.length === 0 && (
          <p className="muted">{t('interactions.sampling.emptyResult')}</p>
        )}
        {result.content.map((block, b) =>
          blockText(block) !== undefined ? (
            <TextArea
              key={b}
              value={texts[b] ?? ''}
              label={t('interactions.sampling.resultText', { index: b + 1 })}
              onChange={(text) => setTexts((all) => ({ ...all, [b]: text }))}
              testId={`sampling-result-text-${String(b)}`}
            />
          ) : (
            <SamplingBlockView key={b} block={block} />
          ),
        )}
      </div>
      <SamplingActions
        id={id}
        label={t('interactions.sampling.approveResult')}
        testId="sampling-approve-result"
        onConfirm={() => void respond(id, approveResultDecision(result.content, texts))}
      />
    </div>
  );
}
