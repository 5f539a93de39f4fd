import { useTranslation } from 'react-i18next';
import type { ProviderView } from '../../../shared/domain/providers';
import { useProvidersStore } from '../../stores/StoresContext';
import { TestResultLine } from './TestResultLine';

/** "Test connection": asks the provider for its models now and names what came back. */
export function ProviderTestButton({ provider }: { provider: ProviderView }) {
  const { t } = useTranslation();
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
      <TestResultLine result={result} testId="provider-test-result" />
    </div>
  );
}
