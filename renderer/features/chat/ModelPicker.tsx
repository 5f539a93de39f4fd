import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore, useModelsStore, useSettingsStore } from '../../stores/StoresContext';

/** The model for the next message: the API's list, the default preselected. */
export function ModelPicker({ conversationModel }: { conversationModel?: string }) {
  const { t } = useTranslation();
  const list = useModelsStore((s) => s.list);
  const load = useModelsStore((s) => s.load);
  const chosen = useChatStore((s) => s.model);
  const setModel = useChatStore((s) => s.setModel);
  const settingsDefault = useSettingsStore((s) => s.snapshot.defaultModel);
  useEffect(() => {
    void load();
  }, [load]);

  const answer = list?.state === 'ready' ? list.value : undefined;
  const selected = chosen ?? conversationModel ?? answer?.defaultModel ?? settingsDefault;
  const models = answer?.models ?? [];
  const listed = models.some((m) => m.id === selected);
  return (
    <div className="model-picker">
      <label className="sr-only" htmlFor="model-picker">
        {t('chat.model')}
      </label>
      <select
        id="model-picker"
        className="input select model-picker__select"
        value={selected}
        onChange={(e) => setModel(e.target.value)}
        title={t('chat.model')}
        data-testid="model-picker"
      >
        {/* A model the list does not have (typed in settings, used earlier) stays choosable. */}
        {!listed && (
          <option value={selected}>
            {list?.state === 'loading' ? t('chat.modelsLoading') : selected}
          </option>
        )}
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.displayName}
          </option>
        ))}
      </select>
      {answer?.error && (
        <span className="model-picker__warning" role="note" title={answer.error}>
          {t('chat.modelsFallback', { message: answer.error })}
        </span>
      )}
    </div>
  );
}
