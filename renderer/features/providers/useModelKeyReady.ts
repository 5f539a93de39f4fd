import { ANTHROPIC_PROVIDER_ID, parseModelRef } from '../../../shared/domain/modelRef';
import { useSettingsStore } from '../../stores/StoresContext';

/**
 * Whether the default model can be asked as far as the renderer knows: a Claude default needs
 * the Anthropic key; a default at another provider was chosen after setting that provider up.
 */
export function useModelKeyReady(): boolean {
  return useSettingsStore(
    (s) =>
      s.snapshot.apiKeySource !== 'none' ||
      parseModelRef(s.snapshot.defaultModel).provider !== ANTHROPIC_PROVIDER_ID,
  );
}
