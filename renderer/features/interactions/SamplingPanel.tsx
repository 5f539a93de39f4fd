import { useTranslation } from 'react-i18next';
import type { SamplingInteraction } from '../../../shared/domain/interactions';
import { useInteractionsStore } from '../../stores/StoresContext';
import { ProgressBar } from '../chat/ProgressBar';
import { SamplingActions } from './SamplingActions';
import { rejectDecision } from './samplingEdits';
import { SamplingRequestReview } from './SamplingRequestReview';
import { SamplingResultReview } from './SamplingResultReview';

/** A sampling request through its stages: review, generating (or failed), result review. */
export function SamplingPanel({ interaction }: { interaction: SamplingInteraction }) {
  const { t } = useTranslation();
  const { id } = interaction;
  const respond = useInteractionsStore((s) => s.respondSampling);
  const responding = useInteractionsStore((s) => s.responding[id] === true);

  if (interaction.stage === 'review-request')
    return <SamplingRequestReview key={`${id}-request`} interaction={interaction} />;
  if (interaction.stage === 'review-result' && interaction.result)
    return (
      <SamplingResultReview
        key={`${id}-result`}
        interaction={interaction}
        result={interaction.result}
      />
    );
  if (interaction.error !== undefined)
    return (
      <div className="sampling" data-testid="sampling-error">
        <p className="notice notice--warn" role="alert">
          {t('interactions.sampling.failed', { message: interaction.error })}
        </p>
        <SamplingActions
          id={id}
          label={t('interactions.sampling.regenerate')}
          testId="sampling-regenerate"
          onConfirm={() => void respond(id, { action: 'regenerate' })}
        />
      </div>
    );
  return (
    <div className="sampling" data-testid="sampling-generating" aria-busy="true">
      <p role="status">{t('interactions.sampling.generating')}</p>
      <ProgressBar />
      <div className="interaction__buttons">
        <button
          type="button"
          className="button button--danger"
          disabled={responding}
          onClick={() => void respond(id, rejectDecision())}
          data-testid="sampling-stop"
        >
          {t('interactions.sampling.stopAndReject')}
        </button>
      </div>
    </div>
  );
}
