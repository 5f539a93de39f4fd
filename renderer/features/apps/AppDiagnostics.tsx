import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppFrame } from '../../../shared/domain/apps';
import { INNER_SANDBOX } from '../../sandbox/sandboxProxy';
import type { AppProblem } from './appFrameState';
import type { BridgeTraffic } from './BridgeTraffic';

/** The sandbox page's own frame flags (set on the card's iframe). */
export const OUTER_SANDBOX = 'allow-scripts allow-same-origin';

/**
 * Why an App does (not) render, for whoever asks: its origin, both frames' sandbox flags, the
 * security policy it runs under, what was blocked, failed or thrown inside it, and the last
 * bridge messages with their timing. Closed until opened (a `<details>`, so the keyboard reaches
 * it); the message list is followed only while open.
 */
export function AppDiagnostics({
  frame,
  problems,
  traffic,
}: {
  frame: AppFrame | undefined;
  problems: readonly AppProblem[];
  traffic: BridgeTraffic | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details
      className="disclosure app-diagnostics"
      data-testid="app-diagnostics"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{t('apps.diagnostics.title')}</summary>
      <dl className="app-diagnostics__facts">
        <dt>{t('apps.diagnostics.origin')}</dt>
        <dd>
          <code data-testid="app-diagnostics-origin">
            {frame ? new URL(frame.proxyUrl).origin : '—'}
          </code>
        </dd>
        <dt>{t('apps.diagnostics.sandbox')}</dt>
        <dd data-testid="app-diagnostics-sandbox">
          <div>{t('apps.diagnostics.sandboxPage', { flags: OUTER_SANDBOX })}</div>
          <div>{t('apps.diagnostics.sandboxApp', { flags: INNER_SANDBOX })}</div>
        </dd>
        <dt>{t('apps.diagnostics.csp')}</dt>
        <dd>
          {frame?.cspHeader ? (
            <ul className="app-diagnostics__csp" data-testid="app-diagnostics-csp">
              {frame.cspHeader.split(';').map((directive) => (
                <li key={directive}>
                  <code>{directive.trim()}</code>
                </li>
              ))}
            </ul>
          ) : (
            <span className="muted">{t('apps.diagnostics.cspNone')}</span>
          )}
        </dd>
        <dt>{t('apps.diagnostics.problems')}</dt>
        <dd>
          {problems.length === 0 ? (
            <span className="muted">{t('apps.diagnostics.problemsNone')}</span>
          ) : (
            <ul className="app-diagnostics__list" data-testid="app-diagnostics-problems">
              {problems.map((problem, index) => (
                <li key={index} data-kind={problem.kind}>
                  {t(`apps.problem.${problem.kind}`)} <code>{problem.text}</code>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {open && traffic && <TrafficList traffic={traffic} />}
    </details>
  );
}

/** The last bridge messages; mounted only while the view is open, so only then subscribed. */
function TrafficList({ traffic }: { traffic: BridgeTraffic }) {
  const { t } = useTranslation();
  const entries = useSyncExternalStore(traffic.subscribe, traffic.snapshot);
  const count = traffic.count();
  return (
    <div className="app-diagnostics__traffic">
      <p className="app-diagnostics__heading">
        {t('apps.diagnostics.messages', { count, shown: entries.length })}
      </p>
      {entries.length === 0 ? (
        <span className="muted">{t('apps.diagnostics.messagesNone')}</span>
      ) : (
        <ol className="app-diagnostics__list" data-testid="app-diagnostics-messages">
          {entries.map((entry, index) => (
            <li key={count - entries.length + index} data-direction={entry.direction}>
              <span className="muted">{t('apps.diagnostics.at', { ms: entry.at })}</span>{' '}
              {t(`apps.diagnostics.direction.${entry.direction}`)}{' '}
              {t(`apps.diagnostics.kind.${entry.kind}`)}
              {entry.method && (
                <>
                  {' '}
                  <code>{entry.method}</code>
                </>
              )}
              {entry.tookMs !== undefined && (
                <span className="muted"> {t('apps.diagnostics.took', { ms: entry.tookMs })}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
