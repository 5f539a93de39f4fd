import { useSharedTranslation } from '../../i18n/sharedTranslation';

/** A tool's progress: a filled bar when it says how far along it is, a moving one otherwise. */
export function ProgressBar({
  progress,
  total,
  message,
}: {
  progress?: number;
  total?: number;
  message?: string;
}) {
  const { t } = useSharedTranslation();
  const known = progress !== undefined && total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.max(0, (progress / total) * 100)) : 0;
  return (
    <div className="progress">
      <div
        className={`progress__track${known ? '' : ' progress__track--indeterminate'}`}
        role="progressbar"
        aria-label={t('toolCall.progress')}
        aria-valuemin={0}
        aria-valuemax={known ? total : undefined}
        aria-valuenow={known ? progress : undefined}
        aria-valuetext={message}
      >
        <div className="progress__fill" style={known ? { width: `${percent}%` } : undefined} />
      </div>
      {(message ?? known) && (
        <span className="progress__text">
          {known && t('toolCall.progressOf', { progress, total })}
          {known && message ? ' · ' : ''}
          {message}
        </span>
      )}
    </div>
  );
}
