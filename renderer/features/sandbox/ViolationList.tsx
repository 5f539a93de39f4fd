import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SandboxViolation } from '../../../shared/domain/serverSandbox';
import { formatDateTime } from '../../components/formatTime';
import { useErrorText } from '../../i18n/hostText';
import type { ErrorInfo } from '../../stores/loadable';
import { useSandboxStore } from '../../stores/StoresContext';

/** A server's refused attempts, newest first, each with what would allow it. */
export function ViolationList({
  server,
  violations,
}: {
  server: string;
  violations: readonly SandboxViolation[];
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const allowing = useSandboxStore((s) => s.allowing[server]);
  const allow = useSandboxStore((s) => s.allow);
  const [failed, setFailed] = useState<{ id: string; error: ErrorInfo } | undefined>();
  // The attempt whose sensitive allowance waits for "Allow anyway".
  const [confirming, setConfirming] = useState<string | undefined>();
  const run = (id: string, confirmSensitive: boolean): void => {
    setFailed(undefined);
    setConfirming(undefined);
    void allow(server, id, confirmSensitive).then((result) => {
      if (!result.ok) setFailed({ id, error: result.error });
    });
  };

  if (violations.length === 0) return <p className="muted">{t('sandbox.none')}</p>;
  return (
    <ul className="violations" data-testid="sandbox-violations">
      {violations.map((v) => (
        <li key={v.id} className="violation" data-testid="sandbox-violation">
          <div className="violation__line">
            <span className={`chip violation__kind violation__kind--${v.kind}`}>
              {t(`sandbox.kinds.${v.kind}`)}
            </span>
            <code className="violation__target" title={v.target}>
              {v.target}
            </code>
          </div>
          <p className="violation__facts muted">
            {[
              formatDateTime(v.at, i18n.language),
              t(`sandbox.sources.${v.source}`),
              t('sandbox.times', { count: v.count }),
            ].join(' · ')}
          </p>
          <div className="violation__actions">
            {v.allow ? (
              <button
                type="button"
                className={`button button--small${v.allow.sensitive ? ' button--danger' : ''}`}
                disabled={allowing !== undefined || confirming === v.id}
                title={t('sandbox.allowHint')}
                onClick={() => (v.allow?.sensitive ? setConfirming(v.id) : run(v.id, false))}
                data-testid="sandbox-allow"
              >
                {allowing === v.id
                  ? t('sandbox.allowing')
                  : t(`sandbox.allow.${v.allow.key}`, { value: v.allow.value })}
              </button>
            ) : (
              <span className="muted">{t('sandbox.cannotAllow')}</span>
            )}
          </div>
          {confirming === v.id && v.allow && (
            <div className="violation__confirm" role="alert" data-testid="sandbox-confirm">
              <p>{t('sandbox.sensitive', { value: v.allow.value })}</p>
              <div className="violation__confirm-actions">
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => run(v.id, true)}
                  data-testid="sandbox-allow-anyway"
                >
                  {t('sandbox.allowAnyway')}
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setConfirming(undefined)}
                >
                  {t('sandbox.cancel')}
                </button>
              </div>
            </div>
          )}
          {failed?.id === v.id && (
            <p className="field__error" role="alert">
              {t('sandbox.allowFailed', { message: errorText(failed.error) })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
