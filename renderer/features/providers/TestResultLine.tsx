import { useTranslation } from 'react-i18next';
import type { ProviderTestResult } from '../../../shared/domain/providers';
import { useErrorText } from '../../i18n/hostText';

/**
 * What a connection test found, in one line: the models the provider lists, named (the first
 * of them, and how many more), or why it failed.
 */
export function TestResultLine({
  result,
  testId,
}: {
  result: ProviderTestResult | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const names = result?.ok ? (result.names ?? []) : [];
  const more = result?.ok ? result.models - names.length : 0;
  return (
    <span
      className={result && !result.ok ? 'field__error' : 'field__notice'}
      role="status"
      data-testid={testId}
    >
      {result?.ok === true &&
        (result.models === 0
          ? t('providers.testOkNone', { ms: result.ms })
          : t('providers.testOk', {
              count: result.models,
              ms: result.ms,
              names: names.join(', ') + (more > 0 ? t('providers.testMore', { count: more }) : ''),
            }))}
      {result?.ok === false && t('providers.testFailed', { message: errorText(result.error) })}
    </span>
  );
}
