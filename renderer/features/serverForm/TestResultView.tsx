import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ServerTestResult } from '../../../shared/domain/serverForm';
import type { HostText, HostTextParam } from '../../../shared/text/hostText';

/** Main's messages that name a server's exit code ("exited with code 3"). */
const EXIT_MESSAGES: ReadonlySet<string> = new Set(
  ['exitCode', 'exitCodeStarting'].map((name) => `server.${name}`),
);

/** Main's words already name the exit code, maybe inside another message. */
function saysExitCode(text: HostText | undefined): boolean {
  if (!text) return false;
  if (EXIT_MESSAGES.has(text.key)) return true;
  const inside = (value: HostTextParam): boolean =>
    Array.isArray(value)
      ? value.some(inside)
      : typeof value === 'object' && saysExitCode(value as HostText);
  return Object.values(text.params ?? {}).some(inside);
}

/** What "Test" found: the tools a started server offers, or why it did not start. */
export function TestResultView({ result }: { result: ServerTestResult }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (result.ok) {
    return (
      <div className="notice notice--ok test-result" role="status" data-testid="server-test-result">
        <p>
          <strong>
            {t('serverForm.testOk', {
              name: result.serverInfo?.name ?? '',
              version: result.serverInfo?.version ?? '',
            })}
          </strong>{' '}
          {t('serverForm.toolCount', { count: result.tools.length })}
        </p>
        {result.tools.length > 0 && (
          <ul className="test-result__tools">
            {result.tools.map((tool) => (
              <li key={tool.name}>
                <code>{tool.name}</code>
                {tool.description && (
                  <span className="muted"> — {tool.description.split('\n')[0]}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div className="notice notice--warn test-result" role="alert" data-testid="server-test-result">
      <p>
        <strong>{t('serverForm.testFailed')}</strong> {errorText(result)}
        {result.exitCode !== undefined &&
          result.exitCode !== null &&
          !saysExitCode(result.text) && <> {t('serverForm.exitCode', { code: result.exitCode })}</>}
      </p>
      {result.stderrTail.length > 0 && (
        <pre className="code-block test-result__stderr">{result.stderrTail.join('\n')}</pre>
      )}
    </div>
  );
}
