import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FormRow } from '../../../shared/domain/serverForm';
import { SecretStorageNotice } from '../../components/SecretStorageNotice';

interface KeyValueRowsProps {
  id: string;
  legend: string;
  help: string;
  addLabel: string;
  rows: FormRow[];
  onChange: (rows: FormRow[]) => void;
}

/**
 * Name/value rows (env variables, headers), each with a "Secret" switch: a secret value goes
 * to the secret store and the file gets `${secret:NAME}`. A stored secret is never shown; an
 * empty field keeps it.
 */
export function KeyValueRows({ id, legend, help, addLabel, rows, onChange }: KeyValueRowsProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<FormRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="field kv" data-testid={`${id}-rows`}>
      <legend className="field__label">{legend}</legend>
      <p className="field__help">{help}</p>
      {rows.length > 0 && (
        <div className="kv__grid" role="group">
          <span className="kv__head">{t('serverForm.name')}</span>
          <span className="kv__head">{t('serverForm.value')}</span>
          <span className="kv__head">{t('serverForm.secret')}</span>
          <span />
          {rows.map((row, index) => {
            const base = `${id}-${index}`;
            const stored = row.secret && row.stored && row.value === '';
            return (
              <div key={index} className="kv__row">
                <input
                  className="input code-input"
                  aria-label={t('serverForm.nameOf', { index: index + 1 })}
                  spellCheck={false}
                  autoComplete="off"
                  value={row.name}
                  onChange={(e) => update(index, { name: e.target.value })}
                  data-testid={`${base}-name`}
                />
                <input
                  className="input code-input"
                  aria-label={t('serverForm.valueOf', { name: row.name || index + 1 })}
                  type={row.secret ? 'password' : 'text'}
                  spellCheck={false}
                  autoComplete="off"
                  value={row.value}
                  placeholder={
                    stored
                      ? t('serverForm.storedPlaceholder')
                      : row.secret
                        ? t('serverForm.secretPlaceholder')
                        : ''
                  }
                  onChange={(e) => update(index, { value: e.target.value })}
                  data-testid={`${base}-value`}
                />
                <label className="check kv__secret" title={t('serverForm.secretHelp')}>
                  <input
                    type="checkbox"
                    checked={row.secret}
                    onChange={(e) => update(index, { secret: e.target.checked })}
                    data-testid={`${base}-secret`}
                  />
                  <span className="sr-only">{t('serverForm.secret')}</span>
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('serverForm.removeRow', { name: row.name || index + 1 })}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <X aria-hidden />
                </button>
              </div>
            );
          })}
        </div>
      )}
      {rows.some((row) => row.secret) && <SecretStorageNotice />}
      <div>
        <button
          type="button"
          className="button button--small"
          onClick={() => onChange([...rows, { name: '', value: '', secret: false }])}
          data-testid={`${id}-add`}
        >
          <Plus aria-hidden /> {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
