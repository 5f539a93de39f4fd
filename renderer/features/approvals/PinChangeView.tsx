import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PinChange } from '../../../shared/domain/approvals';
import { formatDateTime } from '../../components/formatTime';

const compact = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/** "This tool changed since you allowed it": what changed, old against new. */
export function PinChangeView({ change }: { change: PinChange }) {
  const { t, i18n } = useTranslation();
  const none = t('approvals.none');
  return (
    <section className="pin-change" aria-labelledby="pin-change-title" data-testid="pin-change">
      <h3 id="pin-change-title" className="pin-change__title">
        <TriangleAlert aria-hidden />
        {t('approvals.changedTitle')}
      </h3>
      <p className="pin-change__body">
        {t('approvals.changedBody', { date: formatDateTime(change.pinnedAt, i18n.language) })}{' '}
        {t('approvals.changedFields', {
          fields: change.changed.map((f) => t(`approvals.fields.${f}`)).join(', '),
        })}
      </p>
      {change.changed.includes('name') && (
        <Diff
          label={t('approvals.fields.name')}
          before={change.name.before}
          after={change.name.after}
        />
      )}
      {change.changed.includes('description') && (
        <Diff
          label={t('approvals.fields.description')}
          before={change.description.before ?? none}
          after={change.description.after ?? none}
        />
      )}
      {change.inputSchema.length > 0 && (
        <div className="pin-change__schema">
          <h4 className="pin-change__label">{t('approvals.schemaChanges')}</h4>
          <ul className="schema-changes">
            {change.inputSchema.map((item, index) => (
              <li key={index} className={`schema-change schema-change--${item.kind}`}>
                <span className={`chip schema-change__kind`}>
                  {t(`approvals.kinds.${item.kind}`)}
                </span>
                <code className="schema-change__path">{item.path}</code>
                {item.kind !== 'added' && (
                  <del className="schema-change__before">{compact(item.before)}</del>
                )}
                {item.kind !== 'removed' && (
                  <ins className="schema-change__after">{compact(item.after)}</ins>
                )}
              </li>
            ))}
          </ul>
          {change.omittedSchemaChanges > 0 && (
            <p className="muted">
              {t('approvals.omitted', { count: change.omittedSchemaChanges })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function Diff({ label, before, after }: { label: string; before: string; after: string }) {
  const { t } = useTranslation();
  return (
    <div className="pin-diff">
      <h4 className="pin-change__label">{label}</h4>
      <div className="pin-diff__columns">
        <div className="pin-diff__side pin-diff__side--before">
          <span className="pin-diff__tag">{t('approvals.before')}</span>
          <p className="pin-diff__text">{before}</p>
        </div>
        <div className="pin-diff__side pin-diff__side--after">
          <span className="pin-diff__tag">{t('approvals.after')}</span>
          <p className="pin-diff__text">{after}</p>
        </div>
      </div>
    </div>
  );
}
