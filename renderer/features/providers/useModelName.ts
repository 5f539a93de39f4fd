import { ANTHROPIC_PROVIDER_ID, parseModelRef } from '../../../shared/domain/modelRef';
import { useChatStore, useModelsStore, useSettingsStore } from '../../stores/StoresContext';

/** The model ref the next message goes to: picked, else the conversation's, else the default. */
export function useSelectedModel(conversationModel?: string): string {
  const chosen = useChatStore((s) => s.model);
  const listed = useModelsStore((s) =>
    s.list?.state === 'ready' ? s.list.value.defaultModel : undefined,
  );
  const settingsDefault = useSettingsStore((s) => s.snapshot.defaultModel);
  return chosen ?? conversationModel ?? listed ?? settingsDefault;
}

/**
 * What a person calls the model behind a ref: Claude for the built-in provider, otherwise its
 * provider's name (DeepSeek, Ollama, …) as the model list names it.
 */
export function useModelName(ref: string): string {
  const { provider } = parseModelRef(ref);
  const name = useModelsStore((s) =>
    s.list?.state === 'ready'
      ? s.list.value.groups.find((g) => g.provider.id === provider)?.provider.name
      : undefined,
  );
  if (provider === ANTHROPIC_PROVIDER_ID) return 'Claude';
  return name ?? provider;
}
