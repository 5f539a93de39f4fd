import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeModelRef } from '../../../shared/domain/modelRef';
import { useSettingsStore } from '../../stores/StoresContext';
import { ModelListNote } from '../providers/ModelListNote';
import { ModelSelect } from '../providers/ModelSelect';
import { useErrorText } from '../../i18n/hostText';

/**
 * Default model (from any provider) and system prompt, saved together; main validates and
 * answers per field. A draft of null means "untouched": the field shows main's current value.
 */
export function ModelFields() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const snapshot = useSettingsStore((s) => s.snapshot);
  const error = useSettingsStore((s) => s.error);
  const update = useSettingsStore((s) => s.update);
  const [modelDraft, setModelDraft] = useState<string | null>(null);
  const [promptDraft, setPromptDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const current = normalizeModelRef(snapshot.defaultModel);
  const model = modelDraft ?? current;
  const systemPrompt = promptDraft ?? snapshot.systemPrompt;

  const dirty = model !== current || systemPrompt !== snapshot.systemPrompt;
  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const done = await update({ defaultModel: model, systemPrompt });
    setSaved(done);
    if (done) {
      setModelDraft(null);
      setPromptDraft(null);
    }
  };
  const fieldError = (name: string): string | undefined => {
    const field = error?.fields[name];
    return field ? errorText(field) : undefined;
  };
  const modelError = fieldError('defaultModel');
  const promptError = fieldError('systemPrompt');

  return (
    <form className="fields" onSubmit={(e) => void submit(e)} data-testid="model-form">
      <div className="field">
        <label htmlFor="default-model" className="field__label">
          {t('settings.defaultModel')}
        </label>
        <ModelSelect
          id="default-model"
          value={model}
          onChange={(ref) => {
            setModelDraft(ref);
            setSaved(false);
          }}
          testId="default-model"
        />
        <ModelListNote model={model} />
        <p className={modelError ? 'field__error' : 'field__help'}>
          {modelError ?? t('providers.defaultModelHelp')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="system-prompt" className="field__label">
          {t('settings.systemPrompt')}
        </label>
        <textarea
          id="system-prompt"
          className="input textarea settings__prompt"
          value={systemPrompt}
          maxLength={20_000}
          aria-invalid={promptError ? true : undefined}
          aria-describedby="system-prompt-help"
          onChange={(e) => {
            setPromptDraft(e.target.value);
            setSaved(false);
          }}
        />
        <p id="system-prompt-help" className={promptError ? 'field__error' : 'field__help'}>
          {promptError ?? t('settings.systemPromptHelp')}
        </p>
      </div>
      <div className="field__row">
        <button type="submit" className="button button--primary" disabled={!dirty}>
          {t('settings.save')}
        </button>
        <span className="field__notice" role="status">
          {saved && !dirty ? t('settings.saved') : ''}
        </span>
      </div>
      {error && !modelError && !promptError && (
        <p className="field__error" role="alert">
          {t('settings.errorTitle', { message: errorText(error) })}
        </p>
      )}
    </form>
  );
}
