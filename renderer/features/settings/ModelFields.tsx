import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '../../stores/StoresContext';

/**
 * Base URL, default model and system prompt, saved together; main validates and answers per field.
 * A draft of null means "untouched": the field shows main's current value.
 */
export function ModelFields() {
  const { t } = useTranslation();
  const snapshot = useSettingsStore((s) => s.snapshot);
  const error = useSettingsStore((s) => s.error);
  const update = useSettingsStore((s) => s.update);
  const [baseUrlDraft, setBaseUrlDraft] = useState<string | null>(null);
  const [modelDraft, setModelDraft] = useState<string | null>(null);
  const [promptDraft, setPromptDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const baseUrl = baseUrlDraft ?? snapshot.apiBaseUrl;
  const model = modelDraft ?? snapshot.defaultModel;
  const systemPrompt = promptDraft ?? snapshot.systemPrompt;

  const dirty =
    baseUrl !== snapshot.apiBaseUrl ||
    model !== snapshot.defaultModel ||
    systemPrompt !== snapshot.systemPrompt;
  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault();
    const done = await update({ apiBaseUrl: baseUrl, defaultModel: model, systemPrompt });
    setSaved(done);
    if (done) {
      setBaseUrlDraft(null);
      setModelDraft(null);
      setPromptDraft(null);
    }
  };
  const baseUrlError = error?.fields.apiBaseUrl;
  const modelError = error?.fields.defaultModel;
  const promptError = error?.fields.systemPrompt;

  return (
    <form className="fields" onSubmit={(e) => void submit(e)} data-testid="model-form">
      <div className="field">
        <label htmlFor="base-url" className="field__label">
          {t('settings.baseUrl')}
        </label>
        <input
          id="base-url"
          className="input"
          type="url"
          value={baseUrl}
          spellCheck={false}
          aria-invalid={baseUrlError ? true : undefined}
          aria-describedby="base-url-help"
          onChange={(e) => {
            setBaseUrlDraft(e.target.value);
            setSaved(false);
          }}
        />
        <p id="base-url-help" className={baseUrlError ? 'field__error' : 'field__help'}>
          {baseUrlError ?? t('settings.baseUrlHelp')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="default-model" className="field__label">
          {t('settings.defaultModel')}
        </label>
        <input
          id="default-model"
          className="input"
          value={model}
          spellCheck={false}
          aria-invalid={modelError ? true : undefined}
          onChange={(e) => {
            setModelDraft(e.target.value);
            setSaved(false);
          }}
        />
        {modelError && <p className="field__error">{modelError}</p>}
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
      {error && !baseUrlError && !modelError && !promptError && (
        <p className="field__error" role="alert">
          {t('settings.errorTitle', { message: error.message })}
        </p>
      )}
    </form>
  );
}
