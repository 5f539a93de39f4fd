import { useTranslation } from 'react-i18next';
import type { AppFrame } from '../../../shared/domain/apps';

/**
 * Places the App declared (`_meta.ui.csp`) that its policy leaves out, and why: this computer,
 * a port Switchboard listens on, or not a web address. The App runs without them.
 */
export function AppRefusedSources({ frame }: { frame: AppFrame }) {
  const { t } = useTranslation();
  const refused = frame.refusedSources ?? [];
  if (refused.length === 0) return null;
  const count = Math.max(frame.refusedCount ?? 0, refused.length);
  return (
    <div className="app-problems" role="status" data-testid="app-csp-refused">
      <details className="disclosure">
        <summary>{t('apps.refusedSummary', { count })}</summary>
        <ul className="app-problems__list">
          {refused.map((item, index) => (
            <li key={index} data-refusal={item.refusal}>
              <code>{item.source}</code>{' '}
              <span className="app-problems__kind">{t(`apps.refusal.${item.refusal}`)}</span>
            </li>
          ))}
          {count > refused.length && (
            <li className="muted">{t('apps.moreProblems', { count: count - refused.length })}</li>
          )}
        </ul>
      </details>
    </div>
  );
}
