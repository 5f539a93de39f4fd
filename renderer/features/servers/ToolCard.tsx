import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolView } from '../../../shared/domain/mcpViews';
import { BoundedText, JsonBlock } from '../../components/BoundedText';
import { useServersStore } from '../../stores/StoresContext';
import { AlwaysLoadSwitch } from '../toolSearch/AlwaysLoadSwitch';
import { HintChips } from './HintChips';
import { ToolTryForm } from './ToolTryForm';
import { useErrorText } from '../../i18n/hostText';

/** One tool: names, hints, description, enable switch, schema, and a way to try it. */
export function ToolCard({ tool }: { tool: ToolView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const setToolEnabled = useServersStore((s) => s.setToolEnabled);
  const [trying, setTrying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = tool.title ?? tool.annotations?.title;
  const headingId = `tool-${tool.modelName}`;

  const toggle = async (enabled: boolean): Promise<void> => {
    setBusy(true);
    const result = await setToolEnabled(tool.server, tool.name, enabled);
    setBusy(false);
    setError(result.ok ? null : errorText(result.error));
  };

  return (
    <article className="tool" aria-labelledby={headingId} data-testid={`tool-${tool.name}`}>
      <div className="tool__head">
        <div className="tool__names">
          <h3 id={headingId} className="tool__title">
            {title ?? tool.name}
          </h3>
          <p className="tool__ids">
            {title && <code>{tool.name}</code>}
            <span className="muted">
              {t('tools.modelName')} <code>{tool.modelName}</code>
            </span>
          </p>
        </div>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={tool.enabled}
            disabled={busy}
            onChange={(e) => void toggle(e.target.checked)}
            data-testid={`tool-enabled-${tool.name}`}
          />
          <span className="switch__track" aria-hidden="true" />
          <span className="switch__label">
            {tool.enabled ? t('tools.enabled') : t('tools.disabled')}
          </span>
        </label>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <HintChips
        annotations={tool.annotations}
        label={t('tools.hints')}
        title={t('tools.hintNote')}
      >
        {tool.remembered && (
          <li
            className="chip chip--plain"
            title={t('onDemand.rememberedToolHint')}
            data-testid={`tool-remembered-${tool.name}`}
          >
            {t('onDemand.rememberedTool')}
          </li>
        )}
        {tool.ui && (
          <li
            className="chip chip--plain"
            title={
              tool.ui.visibility.includes('model') ? tool.ui.resourceUri : t('apps.toolAppOnlyHint')
            }
            data-testid={`tool-app-${tool.name}`}
          >
            {tool.ui.visibility.includes('model') ? t('apps.hasApp') : t('apps.appOnly')}
          </li>
        )}
      </HintChips>
      {tool.description && (
        <BoundedText
          text={tool.description}
          mono={false}
          limit={1500}
          className="tool__description"
        />
      )}
      <details className="disclosure">
        <summary>{t('tools.inputSchema')}</summary>
        <JsonBlock value={tool.inputSchema} />
      </details>
      {tool.outputSchema && (
        <details className="disclosure">
          <summary>{t('tools.outputSchema')}</summary>
          <JsonBlock value={tool.outputSchema} />
        </details>
      )}
      <div className="tool__actions">
        <button
          type="button"
          className="button button--small"
          aria-expanded={trying}
          onClick={() => setTrying((v) => !v)}
          data-testid={`tool-try-${tool.name}`}
        >
          {trying ? t('tools.hideTry') : t('tools.tryIt')}
        </button>
        <AlwaysLoadSwitch tool={tool} />
      </div>
      {trying && <ToolTryForm tool={tool} />}
    </article>
  );
}
