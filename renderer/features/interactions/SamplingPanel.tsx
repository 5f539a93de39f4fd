import { useTranslation } from 'react-i18next';
import type { SamplingInteraction } from '../../../shared/domain/interactions';
import { useInteractionsStore } from '../../stores/StoresContext';
import { ProgressBar } from '../chat/ProgressBar';
import { RejectControls } from './RejectControls';
import { SamplingRequestReview } from './SamplingRequestReview';
import { SamplingResultReview } from './SamplingResultReview';

/** A sampling request through its stages: review, generating (or failed), result review. */
export function SamplingPanel({ interaction }: { interaction: SamplingInteraction }) {
  const { t } = useTranslation();
  const { id } = interaction;
  const respond = useInteractionsStore((s) => s.respondSampling);
  const responding = useInteractionsStore((s) => s.responding[id] === true);
  const reject = (reason?: string): void =>
    void respond(id, reason ? { action: 'reject', reason } : { action: 'reject' });

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
        <RejectControls id={id} disabled={responding} onReject={reject}>
          <button
            type="button"
            className="button button--primary"
            disabled={responding}
            onClick={() => void respond(id, { action: 'regenerate' })}
            data-testid="sampling-regenerate"
          >
            {t('interactions.sampling.regenerate')}
          </button>
        </RejectControls>
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
          onClick={() => reject()}
          data-testid="sampling-stop"
        >
          {t('interactions.sampling.stopAndReject')}
        </button>
      </div>
    </div>
  );
}
