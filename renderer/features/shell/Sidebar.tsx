import { useTranslation } from 'react-i18next';
import { homeView } from '../../stores/appStore';
import { useAppStore } from '../../stores/StoresContext';
import { ServerList } from '../servers/ServerList';

/** Left column: conversations, servers, settings. */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const inSettings = view.kind === 'settings';
  return (
    <aside className="sidebar" aria-label={t('sidebar.navigation')}>
      <div className="sidebar__brand">
        <img className="sidebar__logo" src="./favicon.svg" alt="" width={22} height={22} />
        <span>{t('app.name')}</span>
      </div>
      <button
        type="button"
        className="button button--primary sidebar__new"
        onClick={() => setView(homeView)}
        data-testid="new-chat"
      >
        <span aria-hidden="true">＋</span> {t('sidebar.newChat')}
      </button>
      <section className="sidebar__section" aria-labelledby="sidebar-conversations">
        <h2 id="sidebar-conversations" className="sidebar__heading">
          {t('sidebar.conversations')}
        </h2>
        <p className="sidebar__empty">{t('sidebar.noConversations')}</p>
      </section>
      <ServerList />
      <div className="sidebar__footer">
        <button
          type="button"
          className={`sidebar__item${inSettings ? ' sidebar__item--active' : ''}`}
          aria-current={inSettings ? 'page' : undefined}
          onClick={() => setView(inSettings ? homeView : { kind: 'settings' })}
          data-testid="open-settings"
          title={`${t('sidebar.settings')} (Ctrl+,)`}
        >
          <span aria-hidden="true">⚙</span> {t('sidebar.settings')}
        </button>
      </div>
    </aside>
  );
}
