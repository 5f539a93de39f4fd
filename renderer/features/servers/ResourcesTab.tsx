import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';
import { useServersStore } from '../../stores/StoresContext';
import { ResourceContentsView } from './ResourceContentsView';
import { sessionGate } from './sessionGate';
import { useErrorText } from '../../i18n/hostText';

/** Resources and templates of a server; read one and see its contents. */
export function ResourcesTab({ server, detail }: { server: ServerView; detail?: ServerDetail }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const name = server.name;
  const list = useServersStore((s) => s.resources[name]);
  const read = useServersStore((s) => s.resourceReads[name]);
  const listResources = useServersStore((s) => s.listResources);
  const readResource = useServersStore((s) => s.readResource);
  const [uri, setUri] = useState('');
  const uriInput = useRef<HTMLInputElement>(null);
  const gate = sessionGate(server, detail, 'resources');
  const session = gate.kind === 'ready' ? gate.session : null;

  useEffect(() => {
    if (session !== null) void listResources(name);
  }, [session, name, listResources]);

  if (gate.kind === 'notReady') return <p className="empty">{t('resources.notReady')}</p>;
  if (gate.kind === 'unsupported') return <p className="empty">{t('resources.unsupported')}</p>;

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (uri.trim()) void readResource(name, uri.trim());
  };
  const value = list?.state === 'ready' ? list.value : undefined;

  return (
    <div className="explorer">
      <div className="explorer__list">
        <div className="explorer__toolbar">
          <h3 className="explorer__heading">{t('resources.title')}</h3>
          <button
            type="button"
            className="button button--small"
            onClick={() => void listResources(name)}
          >
            {t('common.refresh')}
          </button>
        </div>
        {list?.state === 'failed' && <p className="field__error">{errorText(list.error)}</p>}
        {!value && list?.state !== 'failed' && <p className="muted">{t('common.loading')}</p>}
        {value && value.resources.length === 0 && <p className="muted">{t('resources.none')}</p>}
        {value && value.resources.length > 0 && (
          <ul className="pick-list" data-testid="resource-list">
            {value.resources.map((r) => (
              <li key={r.uri}>
                <button
                  type="button"
                  className={`pick-list__item${read?.uri === r.uri ? ' pick-list__item--active' : ''}`}
                  aria-current={read?.uri === r.uri ? 'true' : undefined}
                  onClick={() => {
                    setUri(r.uri);
                    void readResource(name, r.uri);
                  }}
                >
                  <span className="pick-list__title">{r.title ?? r.name}</span>
                  <code className="pick-list__sub">{r.uri}</code>
                  {r.mimeType && <span className="pick-list__meta">{r.mimeType}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        {value && value.templates.length > 0 && (
          <>
            <h3 className="explorer__heading">{t('resources.templates')}</h3>
            <ul className="pick-list">
              {value.templates.map((tpl) => (
                <li key={tpl.uriTemplate}>
                  <button
                    type="button"
                    className="pick-list__item"
                    title={t('resources.useTemplate')}
                    onClick={() => {
                      setUri(tpl.uriTemplate);
                      uriInput.current?.focus();
                    }}
                  >
                    <span className="pick-list__title">{tpl.title ?? tpl.name}</span>
                    <code className="pick-list__sub">{tpl.uriTemplate}</code>
                    {tpl.description && <span className="pick-list__meta">{tpl.description}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="explorer__view">
        <form className="field__row" onSubmit={submit}>
          <label htmlFor="resource-uri" className="sr-only">
            {t('resources.uri')}
          </label>
          <input
            id="resource-uri"
            ref={uriInput}
            className="input code-input"
            placeholder={t('resources.uriPlaceholder')}
            spellCheck={false}
            value={uri}
            onChange={(e) => setUri(e.target.value)}
          />
          <button type="submit" className="button" disabled={!uri.trim()}>
            {t('resources.read')}
          </button>
        </form>
        {read ? (
          <ResourceContentsView read={read.result} />
        ) : (
          <p className="muted">{t('resources.pick')}</p>
        )}
      </div>
    </div>
  );
}
