import { useTranslation } from 'react-i18next';
import type { AppProblem } from './appFrameState';
import {
  APP_MESSAGES_PER_SECOND,
  formatBytes,
  MAX_APP_MESSAGE_BYTES,
  type MessageRefusal,
} from './appMessageLimits';
import type { RefusedCounts } from './FrameTransport';

const REFUSALS: MessageRefusal[] = ['size', 'rate', 'shape'];

/**
 * What went wrong while the App runs: blocked by its CSP, script errors, messages the page
 * refused (too large, too many, malformed). It stays shown.
 */
export function AppProblems({
  problems,
  more,
  refused,
}: {
  problems: AppProblem[];
  more: number;
  refused: RefusedCounts;
}) {
  const { t } = useTranslation();
  const refusals = REFUSALS.filter((why) => refused[why] > 0);
  if (problems.length === 0 && refusals.length === 0) return null;
  return (
    <div className="app-problems" role="status" data-testid="app-problems">
      <details className="disclosure">
        <summary>{t('apps.problems', { count: problems.length + more + refusals.length })}</summary>
        <ul className="app-problems__list">
          {refusals.map((why) => (
            <li key={why} data-kind="refused" data-refusal={why}>
              <span className="app-problems__kind">
                {t(`apps.refusedMessages.${why}`, {
                  count: refused[why],
                  limit: formatBytes(MAX_APP_MESSAGE_BYTES),
                  rate: APP_MESSAGES_PER_SECOND,
                })}
              </span>
            </li>
          ))}
          {problems.map((problem, index) => (
            <li key={index} data-kind={problem.kind}>
              <span className="app-problems__kind">{t(`apps.problem.${problem.kind}`)}</span>{' '}
              <code>{problem.text}</code>
            </li>
          ))}
          {more > 0 && <li className="muted">{t('apps.moreProblems', { count: more })}</li>}
        </ul>
      </details>
    </div>
  );
}
