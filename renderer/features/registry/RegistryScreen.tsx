import { useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useGettingServersStore, useSettingsStore } from '../../stores/StoresContext';
import { AddServerLayout } from '../addServer/AddServerLayout';
import { RegistryServerCard } from './RegistryServerCard';
import { useErrorText } from '../../i18n/hostText';

/** Search the MCP Registry and install a server from it. */
export function RegistryScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const registry = useGettingServersStore((s) => s.registry);
  const search = useGettingServersStore((s) => s.search);
  const setting = useSettingsStore((s) => s.snapshot.registryUrl);
  const setView = useAppStore((s) => s.setView);
  const [query, setQuery] = useState(registry.query);

  useEffect(() => {
    // First visit: show what the registry has.
    if (registry.state === 'idle') void search('');
  }, [registry.state, search]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    void search(query.trim());
  };

  return (
    <AddServerLayout active="registry">
      <form className="registry__search" role="search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label={t('registry.searchLabel')}
          placeholder={t('registry.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="registry-search"
        />
        <button type="submit" className="button" data-testid="registry-search-submit">
          {t('registry.search')}
        </button>
      </form>
      {/* Where it searches; the address is a setting (Settings → MCP Registry). */}
      <p className="registry__source muted" data-testid="registry-url">
        {t('registry.source', { url: registry.registryUrl ?? setting })}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => setView({ kind: 'settings', section: 'registry' })}
          data-testid="registry-url-settings"
        >
          {t('registry.changeInSettings')}
        </button>
      </p>
      {registry.state === 'failed' && registry.error && (
        <p className="field__error" role="alert">
          {t('registry.failed', { message: errorText(registry.error) })}
        </p>
      )}
      {registry.state === 'ready' && registry.servers.length === 0 && (
        <p className="empty">{t('registry.none', { query: registry.query })}</p>
      )}
      <ul className="registry__list" data-testid="registry-list">
        {registry.servers.map((server) => (
          <li key={`${server.name}@${server.version}`}>
            <RegistryServerCard server={server} />
          </li>
        ))}
      </ul>
      {registry.state === 'loading' && (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('registry.loading')}
        </p>
      )}
      {registry.nextCursor && registry.state === 'ready' && (
        <div className="registry__more">
          <button
            type="button"
            className="button"
            onClick={() => void search(registry.query, true)}
            data-testid="registry-more"
          >
            {t('registry.more')}
          </button>
        </div>
      )}
    </AddServerLayout>
  );
}
