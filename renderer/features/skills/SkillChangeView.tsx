import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/domain/formatBytes';
import type { SkillReapproval } from '../../../shared/domain/skills';

/** Kinds of file change, each with its chip. */
const CHIPS = { added: 'chip--ok', removed: 'chip--danger', changed: 'chip--warn' } as const;

/**
 * "This skill changed since you approved it": what changed (name and description old against
 * new, other fields by name, files added, removed and changed with their sizes), and the two
 * answers: approve it as listed now, or keep it off.
 */
export function SkillChangeView({
  skillName,
  change,
  busy,
  onApprove,
  onKeepOff,
}: {
  skillName: string;
  change: SkillReapproval;
  busy: boolean;
  onApprove: () => void;
  onKeepOff: () => void;
}) {
  const { t } = useTranslation();
  const titleId = `skill-change-${skillName}`;
  const files = [
    ...change.added.map((file) => ({ kind: 'added' as const, file, size: formatBytes(file.size) })),
    ...change.removed.map((file) => ({
      kind: 'removed' as const,
      file,
      size: formatBytes(file.size),
    })),
    ...change.changed.map((file) => ({
      kind: 'changed' as const,
      file,
      size: t('skills.reapproval.sizeChange', {
        before: formatBytes(file.sizeBefore),
        after: formatBytes(file.size),
      }),
    })),
  ];
  return (
    <section
      className="pin-change skill-change"
      aria-labelledby={titleId}
      role="alert"
      data-testid={`skill-change-${skillName}`}
    >
      <h5 id={titleId} className="pin-change__title">
        <TriangleAlert aria-hidden />
        {t(`skills.reapproval.${change.reason}Title`)}
      </h5>
      <p className="pin-change__body">{t(`skills.reapproval.${change.reason}Body`)}</p>
      {change.name && (
        <BeforeAfter
          label={t('skills.reapproval.name')}
          before={change.name.before}
          after={change.name.after}
        />
      )}
      {change.description && (
        <BeforeAfter
          label={t('skills.reapproval.description')}
          before={change.description.before}
          after={change.description.after}
        />
      )}
      {change.fields.length > 0 && (
        <p className="pin-change__body">
          {t('skills.reapproval.fields', { fields: change.fields.join(', ') })}
        </p>
      )}
      {files.length > 0 && (
        <div>
          <h6 className="pin-change__label">{t('skills.reapproval.files')}</h6>
          <table className="skill-change__files" aria-label={t('skills.reapproval.files')}>
            <tbody>
              {files.map(({ kind, file, size }) => (
                <tr key={`${kind}-${file.uri}`} data-testid={`skill-file-${kind}`}>
                  <td>
                    <span className={`chip ${CHIPS[kind]}`}>
                      {t(`skills.reapproval.kinds.${kind}`)}
                    </span>
                  </td>
                  <td>
                    <code title={file.uri}>{file.path}</code>
                  </td>
                  <td className="muted">{size}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="skill-change__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={onApprove}
          data-testid={`skill-approve-${skillName}`}
        >
          {t('skills.reapproval.approve')}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={onKeepOff}
          data-testid={`skill-keep-off-${skillName}`}
        >
          {t('skills.reapproval.keepOff')}
        </button>
      </div>
    </section>
  );
}

function BeforeAfter({ label, before, after }: { label: string; before: string; after: string }) {
  const { t } = useTranslation();
  return (
    <div className="pin-diff">
      <h6 className="pin-change__label">{label}</h6>
      <div className="pin-diff__columns">
        <div className="pin-diff__side pin-diff__side--before">
          <span className="pin-diff__tag">{t('skills.reapproval.before')}</span>
          <p className="pin-diff__text">{before}</p>
        </div>
        <div className="pin-diff__side pin-diff__side--after">
          <span className="pin-diff__tag">{t('skills.reapproval.after')}</span>
          <p className="pin-diff__text">{after}</p>
        </div>
      </div>
    </div>
  );
}
