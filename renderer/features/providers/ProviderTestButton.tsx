import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';

/** "Test connection": asks the provider for its models now and says what came back. */
export function ProviderTestButton({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const test = useProvidersStore((s) => s.test);
  const state = useProvidersStore((s) => s.tests[provider.id]);
  const result = state?.state === 'done' ? state.result : undefined;
  return (
    <div className="field__row provider__test">
      <button
        type="button"
        className="button button--small"
        disabled={state?.state === 'testing'}
        onClick={() => void test(provider.id)}
      >
        {state?.state === 'testing' ? t('providers.testing') : t('providers.test')}
      </button>
      <span
        className={result && !result.ok ? 'field__error' : 'field__notice'}
        role="status"
        data-testid="provider-test-result"
      >
        {result?.ok === true && t('providers.testOk', { count: result.models, ms: result.ms })}
        {result?.ok === false && t('providers.testFailed', { message: errorText(result.error) })}
      </span>
    </div>
  );
}
