import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolRunState } from '../../stores/serverExplorerSlice';
import { formatElapsed } from './formatElapsed';

type Running = Extract<ToolRunState, { state: 'loading' }>;

/** Ticks once a second so the elapsed time stays current while a run lasts. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * A running tool: a progress bar (determinate once the server says how much there is), the
 * server's message, the elapsed time, and Cancel (also Esc, handled by the form around it).
 */
export function ToolRunProgressView({ run, onCancel }: { run: Running; onCancel: () => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { progress } = run;
  const total = progress?.total !== undefined && progress.total > 0 ? progress.total : undefined;
  const percent =
    progress && total !== undefined
      ? Math.min(100, Math.max(0, (progress.progress / total) * 100))
      : undefined;
  const amount =
    progress === undefined
      ? undefined
      : total !== undefined
        ? t('toolRun.progressOf', { progress: progress.progress, total })
        : t('toolRun.progressSoFar', { progress: progress.progress });

  useEffect(() => {
    // The Run button just went disabled under the focus: hand it to Cancel, so the keyboard
    // keeps a place (and Esc, handled by the form, still reaches us).
    const button = cancelRef.current;
    const active = document.activeElement;
    const form = button?.closest('form');
    if (!active || active === document.body || form?.contains(active)) button?.focus();
  }, []);

  return (
    <div className="tool-run tool-run--running" data-testid="tool-run-progress">
      <div className="tool-run__progress-head">
        <span className="tool-run__title">
          <span className="spinner" aria-hidden="true" />
          {run.cancelling ? t('toolRun.cancelling') : t('tools.running')}
        </span>
        <span className="muted" data-testid="tool-run-elapsed">
          {t('toolRun.elapsed', { time: formatElapsed(now - run.startedAt) })}
        </span>
      </div>
      <div
        className={`tool-run__bar${percent === undefined ? ' tool-run__bar--indeterminate' : ''}`}
        role="progressbar"
        aria-label={t('toolRun.progress')}
        aria-valuemin={percent === undefined ? undefined : 0}
        aria-valuemax={percent === undefined ? undefined : 100}
        aria-valuenow={percent === undefined ? undefined : Math.round(percent)}
        aria-valuetext={amount}
        data-testid="tool-run-bar"
      >
        <div
          className="tool-run__bar-fill"
          style={percent === undefined ? undefined : { width: `${String(percent)}%` }}
        />
      </div>
      <div className="tool-run__progress-foot">
        <span className="tool-run__progress-text" aria-live="polite">
          {amount && <span className="tool-run__amount">{amount}</span>}
          {progress?.message && (
            <span className="tool-run__progress-message" data-testid="tool-run-message">
              {progress.message}
            </span>
          )}
        </span>
        <button
          ref={cancelRef}
          type="button"
          className="button button--small"
          onClick={onCancel}
          disabled={run.cancelling}
          aria-keyshortcuts="Escape"
          data-testid="tool-run-cancel"
        >
          {t('toolRun.cancel')}
          <kbd className="tool-run__kbd" aria-hidden="true">
            {t('toolRun.cancelHint')}
          </kbd>
        </button>
      </div>
    </div>
  );
}
