import { useTranslation } from 'react-i18next';
import type { ConfigProblemView } from '../../../shared/domain/mcpViews';
import { lineColumnOf, problemRange, type ProblemRange } from './problemDiagnostics';
import { useErrorText } from '../../i18n/hostText';

interface ProblemsListProps {
  problems: readonly ConfigProblemView[];
  /** The text the problems' positions refer to. */
  text: string;
  onJump: (range: ProblemRange) => void;
}

/** The servers file's problems under the editor; a click moves the cursor to one. */
export function ProblemsList({ problems, text, onJump }: ProblemsListProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (problems.length === 0) return null;
  return (
    <section className="problems" aria-labelledby="problems-title" data-testid="config-problems">
      <h2 id="problems-title" className="problems__title">
        {t('config.problems', { count: problems.length })}
      </h2>
      <ul className="problems__list">
        {problems.map((problem, index) => {
          const range = problemRange(problem, text);
          const where = range ? lineColumnOf(text, range.from) : null;
          const content = (
            <>
              <span className={`problems__severity problems__severity--${problem.severity}`}>
                {problem.severity === 'error' ? t('config.error') : t('config.warning')}
              </span>
              {where && (
                <span className="problems__where">
                  {t('config.lineColumn', { line: where.line, column: where.column })}
                </span>
              )}
              <span className="problems__message">{errorText(problem)}</span>
              {problem.path && <code className="problems__path">{problem.path}</code>}
            </>
          );
          return (
            <li key={index}>
              {range ? (
                <button type="button" className="problems__item" onClick={() => onJump(range)}>
                  {content}
                </button>
              ) : (
                <div className="problems__item problems__item--static">{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
