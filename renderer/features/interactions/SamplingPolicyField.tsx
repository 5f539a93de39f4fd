import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_INTERACTION_POLICY,
  type ServerInteractionPolicy,
} from '../../../shared/domain/interactions';
import { useInteractionsStore } from '../../stores/StoresContext';
import { maxTokensIssue } from './samplingEdits';
import { useErrorText } from '../../i18n/hostText';

/** Per-server sampling setting: ask (default) or deny, and a cap on max tokens per request. */
export function SamplingPolicyField({ server }: { server: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const policies = useInteractionsStore((s) => s.policies);
  const loadPolicies = useInteractionsStore((s) => s.loadPolicies);
  const setPolicy = useInteractionsStore((s) => s.setPolicy);
  useEffect(() => {
    void loadPolicies();
  }, [loadPolicies]);
  const policy =
    (policies?.state === 'ready' ? policies.value[server] : undefined) ??
    DEFAULT_INTERACTION_POLICY;
  const stored = policy.maxTokens === undefined ? '' : String(policy.maxTokens);
  // What the person is typing; null shows the stored limit (also when another window changes it).
  const [draft, setDraft] = useState<string | null>(null);
  const limit = draft ?? stored;
  const [status, setStatus] = useState<{ kind: 'saved' } | { kind: 'error'; text: string } | null>(
    null,
  );

  const save = (next: ServerInteractionPolicy): void => {
    setStatus(null);
    void setPolicy(server, next).then((result) => {
      if (result.ok) setDraft(null);
      setStatus(result.ok ? { kind: 'saved' } : { kind: 'error', text: errorText(result.error) });
    });
  };
  const saveLimit = (): void => {
    const text = limit.trim();
    if (text === '') {
      save({ sampling: policy.sampling });
      return;
    }
    const issue = maxTokensIssue(text);
    if (issue) {
      setStatus({ kind: 'error', text: t('interactions.policy.limitInvalid') });
      return;
    }
    save({ sampling: policy.sampling, maxTokens: Number(text) });
  };

  return (
    <section
      className="info__section"
      aria-labelledby="info-sampling"
      data-testid="sampling-policy"
    >
      <h3 id="info-sampling" className="explorer__heading">
        {t('interactions.policy.title')}
      </h3>
      <p className="field__help">{t('interactions.policy.help')}</p>
      <div className="sampling-policy">
        <div className="field">
          <label className="field__label" htmlFor="sampling-mode">
            {t('interactions.policy.mode')}
          </label>
          <select
            id="sampling-mode"
            className="input select"
            value={policy.sampling}
            disabled={policies?.state !== 'ready'}
            onChange={(e) =>
              save({ ...policy, sampling: e.target.value === 'deny' ? 'deny' : 'ask' })
            }
            data-testid="sampling-mode"
          >
            <option value="ask">{t('interactions.policy.ask')}</option>
            <option value="deny">{t('interactions.policy.deny')}</option>
          </select>
        </div>
        <form
          className="field"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            saveLimit();
          }}
        >
          <label className="field__label" htmlFor="sampling-limit">
            {t('interactions.policy.limit')}
          </label>
          <div className="field__row">
            <input
              id="sampling-limit"
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={limit}
              placeholder={t('interactions.policy.noLimit')}
              disabled={policies?.state !== 'ready'}
              onChange={(e) => setDraft(e.target.value)}
              data-testid="sampling-limit"
            />
            <button
              type="submit"
              className="button"
              disabled={policies?.state !== 'ready'}
              data-testid="sampling-limit-save"
            >
              {t('settings.save')}
            </button>
          </div>
        </form>
      </div>
      {status?.kind === 'saved' && (
        <p className="field__notice" role="status">
          {t('settings.saved')}
        </p>
      )}
      {status?.kind === 'error' && (
        <p className="field__error" role="alert">
          {status.text}
        </p>
      )}
      {policies?.state === 'failed' && (
        <p className="field__error" role="alert">
          {t('interactions.policy.loadFailed', { message: errorText(policies.error) })}
        </p>
      )}
    </section>
  );
}
