import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { MAX_BUNDLE_BYTES } from '../../../shared/domain/bundleLimits';
import type { BundleReview } from '../../stores/bundleReview';

/** A dropped file on its way to main, or why it could not be read. */
export function BundleDropStatus({ review }: { review: BundleReview }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { reading, problem } = review;
  if (reading) {
    const percent = Math.floor((reading.sent / reading.size) * 100);
    return (
      <div className="bundle-reading" role="status" data-testid="bundle-reading">
        <span>{t('bundleDrop.reading', { name: reading.name, percent })}</span>
        <div className="progress__track">
          <div className="progress__fill" style={{ width: `${String(percent)}%` }} />
        </div>
      </div>
    );
  }
  if (!problem) return null;
  const message =
    problem.kind === 'host'
      ? t('bundleDrop.problems.host', { message: errorText(problem.error) })
      : problem.kind === 'tooLarge'
        ? t('bundleDrop.problems.tooLarge', {
            name: problem.name,
            size: formatBytes(problem.size),
            max: formatBytes(MAX_BUNDLE_BYTES),
          })
        : t(`bundleDrop.problems.${problem.kind}`, { name: problem.name });
  return (
    <p className="field__error" role="alert" data-testid="bundle-drop-problem">
      {message}
    </p>
  );
}
