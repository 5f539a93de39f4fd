import { useTranslation } from 'react-i18next';
import type { InstallInput } from '../../../shared/domain/registryViews';
import { PathField } from '../addServer/PathField';

interface InstallInputFieldProps {
  idPrefix: string;
  input: InstallInput;
  value: string;
  onChange: (value: string) => void;
}

/** One value a registry server asks for: choices, a flag, a secret, a path or text. */
export function InstallInputField({ idPrefix, input, value, onChange }: InstallInputFieldProps) {
  const { t } = useTranslation();
  const id = `${idPrefix}-${input.id.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const testId = `install-input-${input.label.replace(/[^A-Za-z0-9_]+/g, '-')}`;
  const label = (
    <span className="install-input__label">
      <code>{input.label}</code>
      {input.required && (
        <span className="required" aria-label={t('registry.required')}>
          {' '}
          *
        </span>
      )}
      {input.secret && <span className="badge install-input__secret">{t('registry.secret')}</span>}
    </span>
  );
  if (input.format === 'boolean') {
    return (
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={value === 'true'}
            onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
            data-testid={testId}
          />
          {label}
        </label>
        {input.description && <p className="field__help">{input.description}</p>}
        {input.registryValueRefused && (
          <p className="field__help field__help--warn">{t('registry.valueRefused')}</p>
        )}
      </div>
    );
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {input.choices ? (
        <select
          id={id}
          className="input select"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        >
          {!input.required && <option value="">{t('registry.notSet')}</option>}
          {input.choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : input.format === 'filepath' ? (
        <PathField
          id={id}
          kind="file"
          purpose="value"
          value={value}
          onChange={onChange}
          testId={testId}
        />
      ) : (
        <input
          id={id}
          className="input code-input"
          type={input.secret ? 'password' : input.format === 'number' ? 'number' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={input.placeholder ?? input.default ?? ''}
          aria-required={input.required || undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
        />
      )}
      {input.description && <p className="field__help">{input.description}</p>}
      {input.registryValueRefused && (
        <p className="field__help field__help--warn" data-testid={`${testId}-refused`}>
          {t('registry.valueRefused')}
        </p>
      )}
      {input.secret && <p className="field__help">{t('registry.secretHelp')}</p>}
    </div>
  );
}
