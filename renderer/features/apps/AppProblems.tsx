import { useTranslation } from 'react-i18next';
import type { AppProblem } from './appFrameState';

/** What went wrong while the App runs: blocked by its CSP, script errors. It stays shown. */
export function AppProblems({ problems, more }: { problems: AppProblem[]; more: number }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <div className="app-problems" role="status" data-testid="app-problems">
      <details className="disclosure">
        <summary>{t('apps.problems', { count: problems.length + more })}</summary>
        <ul className="app-problems__list">
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
