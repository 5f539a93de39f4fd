import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import { useAppsStore } from '../../stores/StoresContext';
import { AppFrame } from './LazyAppFrame';
import { useErrorText } from '../../i18n/hostText';

/**
 * A server's Apps: the UI resources it lists or its tools name, each with a live preview (the
 * App as it starts, without a tool call; what it asks still goes through approvals).
 */
export function AppsTab({ server }: { server: ServerView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = server.name;
  const list = useAppsStore((s) => s.resources[name]);
  const load = useAppsStore((s) => s.loadResources);
  const [shown, setShown] = useState<string | null>(null);
  const session = server.status.kind === 'ready' ? server.status.since : null;

  useEffect(() => {
    if (session !== null) void load(name);
  }, [session, name, load]);

  if (session === null) return <p className="empty">{t('resources.notReady')}</p>;
  if (!list || list.state === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (list.state === 'failed') return <p className="field__error">{errorText(list.error)}</p>;
  if (list.value.length === 0) return <p className="empty">{t('apps.none')}</p>;

  return (
    <ul className="apps-tab" data-testid="apps-list">
      {list.value.map((resource) => {
        const open = shown === resource.uri;
        return (
          <li key={resource.uri} className="apps-tab__item" data-testid="apps-item">
            <div className="apps-tab__head">
              <div className="apps-tab__names">
                <code className="apps-tab__uri">{resource.uri}</code>
                {resource.name && <span className="apps-tab__name">{resource.name}</span>}
                {resource.tools.length > 0 && (
                  <span className="muted">
                    {t('apps.usedBy', { tools: resource.tools.join(t('apps.listSeparator')) })}
                  </span>
                )}
                {resource.description && <p className="muted">{resource.description}</p>}
              </div>
              <button
                type="button"
                className="button button--small"
                aria-expanded={open}
                onClick={() => setShown(open ? null : resource.uri)}
              >
                {open ? t('apps.hidePreview') : t('apps.preview')}
              </button>
            </div>
            {open && (
              <AppFrame
                target={{ kind: 'preview', server: name, uri: resource.uri }}
                label={resource.tools[0] ?? resource.uri}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
