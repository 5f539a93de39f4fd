import { useEffect } from 'react';
import { FilePen, Plus, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useConfigStore, useServersStore } from '../../stores/StoresContext';
import { CatalogCostsSummary } from '../toolSearch/CatalogCostsSummary';
import { useCatalogCosts } from '../toolSearch/useCatalogCosts';
import { StatusDot } from './StatusDot';
import { ServerItemStatus } from './ServerItemStatus';

/** The sidebar's servers: status at a glance, one click (or Enter) to the detail. */
export function ServerList() {
  const { t } = useTranslation();
  const costs = useCatalogCosts();
  const costOf = (name: string) => costs?.servers.find((c) => c.server === name);
  const servers = useServersStore((s) => s.servers);
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const editing = view.kind === 'config';
  const loaded = useConfigStore((s) => s.disk !== null);
  const loadConfig = useConfigStore((s) => s.load);
  // An error in the file is worth a look from any screen (config.changed keeps this current).
  const fileProblem = useConfigStore((s) => s.disk?.problems.some((p) => p.severity === 'error'));
  useEffect(() => {
    if (!loaded) void loadConfig();
  }, [loaded, loadConfig]);
  const adding =
    (view.kind === 'serverForm' && view.name === undefined) ||
    view.kind === 'registry' ||
    view.kind === 'bundle';
  return (
    <section className="sidebar__section" aria-labelledby="sidebar-servers">
      <h2 id="sidebar-servers" className="sidebar__heading">
        {t('sidebar.servers')}
      </h2>
      {servers.length === 0 ? (
        <div className="server-list__empty" data-testid="servers-empty">
          <p className="sidebar__empty">{t('sidebar.noServers')}</p>
          <div className="server-list__empty-actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => setView({ kind: 'serverForm' })}
              data-testid="add-server"
            >
              {t('servers.addServer')}
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => setView({ kind: 'config', importing: true })}
            >
              {t('servers.import')}
            </button>
          </div>
        </div>
      ) : (
        <ul className="server-list" data-testid="server-list">
          {servers.map((server) => {
            const active = view.kind === 'server' && view.name === server.name;
            const status = server.status;
            return (
              <li key={server.name}>
                <button
                  type="button"
                  className={`sidebar__item server-item${active ? ' sidebar__item--active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => setView({ kind: 'server', name: server.name })}
                  data-testid={`server-item-${server.name}`}
                  title={server.target}
                >
                  <StatusDot status={status} />
                  <span className="server-item__name">{server.name}</span>
                  {server.sandboxed && (
                    <ShieldCheck
                      className="server-item__sandboxed"
                      role="img"
                      aria-label={t('sandbox.listMark')}
                      data-testid={`server-sandboxed-${server.name}`}
                    >
                      <title>{t('sandbox.badgeTitle')}</title>
                    </ShieldCheck>
                  )}
                  <ServerItemStatus status={status} cost={costOf(server.name)} name={server.name} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {servers.length > 0 && <CatalogCostsSummary />}
      {fileProblem && !editing && (
        <button
          type="button"
          className="sidebar__item server-list__problem"
          onClick={() => setView({ kind: 'config' })}
          data-testid="config-problem"
        >
          <TriangleAlert aria-hidden /> {t('config.sidebarProblem')}
        </button>
      )}
      {/* With no servers, "Add a server" above already opens the form. */}
      {servers.length > 0 && (
        <button
          type="button"
          className={`sidebar__item sidebar__item--subtle${adding ? ' sidebar__item--active' : ''}`}
          aria-current={adding ? 'page' : undefined}
          onClick={() => setView({ kind: 'serverForm' })}
          data-testid="add-server"
        >
          <Plus aria-hidden /> {t('servers.addServer')}
        </button>
      )}
      {servers.length > 0 && (
        <button
          type="button"
          className={`sidebar__item sidebar__item--subtle${editing ? ' sidebar__item--active' : ''}`}
          aria-current={editing ? 'page' : undefined}
          onClick={() => setView({ kind: 'config' })}
          data-testid="open-config"
        >
          <FilePen aria-hidden /> {t('servers.editFile')}
        </button>
      )}
    </section>
  );
}
