import { useTranslation } from 'react-i18next';
import { useChatStore, useModelsStore } from '../../stores/StoresContext';
import { groupOf, ModelSelect } from '../providers/ModelSelect';
import { useSelectedModel } from '../providers/useModelName';

/** The model for the next message, from any provider, the default preselected. */
export function ModelPicker({ conversationModel }: { conversationModel?: string }) {
  const { t } = useTranslation();
  const list = useModelsStore((s) => s.list);
  const setModel = useChatStore((s) => s.setModel);
  const answer = list?.state === 'ready' ? list.value : undefined;
  const selected = useSelectedModel(conversationModel);
  const group = answer ? groupOf(answer.groups, selected) : undefined;
  return (
    <div className="model-picker">
      <label className="sr-only" htmlFor="model-picker">
        {t('chat.model')}
      </label>
      <ModelSelect
        id="model-picker"
        className="model-picker__select"
        value={selected}
        onChange={setModel}
        title={t('chat.model')}
        testId="model-picker"
      />
      {group?.error && (
        <span className="model-picker__warning" role="note" title={group.error}>
          {t('chat.modelsFallback', { provider: group.provider.name, message: group.error })}
        </span>
      )}
    </div>
  );
}
