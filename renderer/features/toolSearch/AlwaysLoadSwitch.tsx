import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../i18n/hostText';
import type { ToolView } from '../../../shared/domain/mcpViews';
import { useServersStore } from '../../stores/StoresContext';
import { formatTokens } from './formatTokens';

/**
 * What a tool's definition costs, and the switch that keeps it loaded in full while tool
 * search holds the others back (the server's hint is the default; the person decides).
 */
export function AlwaysLoadSwitch({ tool }: { tool: ToolView }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const setToolAlwaysLoaded = useServersStore((s) => s.setToolAlwaysLoaded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A tool only an App may call is never offered to the model: nothing to load.
  const offered = !tool.ui || tool.ui.visibility.includes('model');
  const toggle = async (alwaysLoaded: boolean): Promise<void> => {
    setBusy(true);
    const result = await setToolAlwaysLoaded(tool.server, tool.name, alwaysLoaded);
    setBusy(false);
    setError(result.ok ? null : errorText(result.error));
  };
  return (
    <div className="always-load">
      {tool.tokens !== undefined && (
        <span
          className="chip chip--plain"
          title={t('toolSearch.toolTokensTitle')}
          data-testid={`tool-tokens-${tool.name}`}
        >
          {t('toolSearch.toolTokens', { tokens: formatTokens(tool.tokens, i18n.language) })}
        </span>
      )}
      {offered && tool.enabled && (
        <label
          className="switch"
          title={
            tool.alwaysLoadHint ? t('toolSearch.alwaysLoadHint') : t('toolSearch.alwaysLoadHelp')
          }
        >
          <input
            type="checkbox"
            role="switch"
            checked={tool.alwaysLoaded ?? false}
            disabled={busy}
            onChange={(e) => void toggle(e.target.checked)}
            data-testid={`tool-always-load-${tool.name}`}
          />
          <span className="switch__track" aria-hidden="true" />
          <span className="switch__label">{t('toolSearch.alwaysLoad')}</span>
        </label>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
