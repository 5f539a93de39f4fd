import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';

type Tab = 'serverForm' | 'registry' | 'bundle';

/** The three ways to add a server, one screen each, under one heading. */
export function AddServerLayout({ active, children }: { active: Tab; children: ReactNode }) {
  const { t } = useTranslation();
  const setView = useAppStore((s) => s.setView);
  const tabs: { tab: Tab; label: string }[] = [
    { tab: 'serverForm', label: t('addServer.tabs.form') },
    { tab: 'registry', label: t('addServer.tabs.registry') },
    { tab: 'bundle', label: t('addServer.tabs.bundle') },
  ];
  return (
    <div className="add-server" data-testid={`add-server-${active}`}>
      <header className="add-server__header">
        <h1>{t('addServer.title')}</h1>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => setView({ kind: 'config' })}
          data-testid="add-server-edit-file"
        >
          {t('addServer.editFile')}
        </button>
      </header>
      <nav className="tabs" aria-label={t('addServer.title')}>
        {tabs.map(({ tab, label }) => (
          <button
            key={tab}
            type="button"
            className={`tabs__tab${tab === active ? ' tabs__tab--active' : ''}`}
            aria-current={tab === active ? 'page' : undefined}
            onClick={() => setView({ kind: tab })}
            data-testid={`add-server-tab-${tab}`}
          >
            {label}
          </button>
        ))}
      </nav>
      {children}
    </div>
  );
}
