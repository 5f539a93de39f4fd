import { normalizeModelRef } from '../../../shared/domain/modelRef';
import type { RequestHandlers } from '../../../shared/ipc/contract';
import type { SettingsService } from '../settings/SettingsService';
import type { ModelServices } from './createModelServices';

type Name = Extract<keyof RequestHandlers, `models.${string}` | `providers.${string}`>;

/** Handlers of the model list and the provider settings. */
export function createModelHandlers(
  { providers, registry }: ModelServices,
  settings: SettingsService,
): Pick<RequestHandlers, Name> {
  return {
    'models.list': async ({ refresh }) => ({
      groups: await registry.groups(refresh),
      defaultModel: normalizeModelRef(settings.snapshot().defaultModel),
    }),
    'providers.list': () => ({ providers: providers.list() }),
    'providers.add': (input) => providers.add(input),
    'providers.update': ({ id, patch }) => providers.update(id, patch),
    'providers.remove': async ({ id }) => {
      await providers.remove(id);
      return {};
    },
    'providers.setApiKey': ({ id, apiKey }) => providers.setApiKey(id, apiKey),
    'providers.clearApiKey': ({ id }) => providers.clearApiKey(id),
    'providers.test': ({ id }) => registry.test(id),
    'providers.testDraft': (input) => registry.testDraft(input),
  };
}
