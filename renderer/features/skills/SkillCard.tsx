import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import { formatBytes } from '../../../shared/domain/formatBytes';
import type { SkillView } from '../../../shared/domain/skills';
import { useSkillsStore } from '../../stores/StoresContext';
import { SkillChangeView } from './SkillChangeView';

/**
 * One skill: name, description, files with sizes, and the switch that offers it to the model.
 * Turning it on approves it as shown (the view's digest goes along); a skill that changed since
 * it was approved is off and says what changed.
 */
export function SkillCard({ server, skill }: { server: string; skill: SkillView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setEnabled = useSkillsStore((s) => s.setEnabled);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingId = `skill-${skill.qualifiedName}`;

  const toggle = async (enabled: boolean): Promise<void> => {
    setBusy(true);
    const result = await setEnabled(server, skill.uri, enabled, skill.digest);
    setBusy(false);
    setError(result.ok ? null : errorText(result.error));
  };

  return (
    <article className="skill" aria-labelledby={headingId} data-testid={`skill-${skill.name}`}>
      <div className="skill__head">
        <div className="skill__names">
          <h4 id={headingId} className="skill__name">
            {skill.name}
          </h4>
          <p className="skill__ids muted">
            {t('skills.modelName')} <code>{skill.qualifiedName}</code>
          </p>
        </div>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={skill.enabled}
            disabled={busy || (!skill.files && !skill.enabled)}
            onChange={(e) => void toggle(e.target.checked)}
            data-testid={`skill-enabled-${skill.name}`}
          />
          <span className="switch__track" aria-hidden="true" />
          <span className="switch__label">
            {skill.enabled ? t('skills.offered') : t('skills.offer')}
          </span>
        </label>
      </div>
      <p className="skill__description">{skill.description}</p>
      {skill.reapproval && (
        <SkillChangeView
          skillName={skill.name}
          change={skill.reapproval}
          busy={busy}
          onApprove={() => void toggle(true)}
          onKeepOff={() => void toggle(false)}
        />
      )}
      {error && (
        <p className="field__error" role="alert">
          {t('skills.toggleFailed', { message: error })}
        </p>
      )}
      {skill.refusal && (
        <p
          className="skill__refusal"
          role="alert"
          title={skill.refusal.detail}
          data-testid={`skill-refusal-${skill.name}`}
        >
          {t('skills.refused', {
            reason: t(`skills.refusal.${skill.refusal.reason}`, {
              file: skill.refusal.file,
              fields: skill.refusal.fields?.join(', ') ?? '',
            }),
          })}
        </p>
      )}
      {skill.files ? (
        <details className="skill__files" open>
          <summary>
            {t('skills.files', {
              count: skill.files.length,
              size: formatBytes(skill.totalBytes ?? 0),
            })}
          </summary>
          <table className="skill__table" aria-label={t('skills.filesLabel', { name: skill.name })}>
            <thead>
              <tr>
                <th scope="col">{t('skills.file')}</th>
                <th scope="col" className="skill__size">
                  {t('skills.size')}
                </th>
              </tr>
            </thead>
            <tbody>
              {skill.files.map((file) => (
                <tr key={file.uri}>
                  <td>
                    <code title={file.uri}>{file.path}</code>
                  </td>
                  <td className="skill__size">{formatBytes(file.size)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : (
        <p className="muted">{t('skills.dynamic')}</p>
      )}
    </article>
  );
}
