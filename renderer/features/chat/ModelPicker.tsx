import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../stores/StoresContext';
import { ModelListNote } from '../providers/ModelListNote';
import { ModelSelect } from '../providers/ModelSelect';
import { useSelectedModel } from '../providers/useModelName';

/** The model for the next message, from any provider, the default preselected. */
export function ModelPicker({ conversationModel }: { conversationModel?: string }) {
  const { t } = useTranslation();
  const setModel = useChatStore((s) => s.setModel);
  const selected = useSelectedModel(conversationModel);
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
      <ModelListNote model={selected} className="model-picker__warning" short />
    </div>
  );
}
