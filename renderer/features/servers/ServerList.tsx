import { useEffect } from 'react';
import {
  ChevronDown,
  ChevronRight,
  FilePen,
  Gauge,
  Plus,
  ShieldCheck,
  TriangleAlert,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import { useAppStore, useConfigStore, useServersStore } from '../../stores/StoresContext';
import { CatalogCostsSummary } from '../toolSearch/CatalogCostsSummary';
import { useCatalogCosts } from '../toolSearch/useCatalogCosts';
import { needsAttention, serverCounts, type ServerCounts } from './serverCounts';
import { StatusDot } from './StatusDot';
import { ServerItemStatus } from './ServerItemStatus';

const LIST_ID = 'sidebar-server-list';

/**
 * The sidebar's servers: a one-line summary (ready, failed…) with Add and Edit beside it, so
 * they never scroll away, over a list of one line per server that scrolls on its own. Folded,
 * only the servers that need the person stay listed. Conversations keep the rest of the room.
 */
export function ServerList() {
  const { t } = useTranslation();
  const costs = useCatalogCosts();
  const costOf = (name: string) => costs?.servers.find((c) => c.server === name);
  const servers = useServersStore((s) => s.servers);
  const view = useAppStore((s) => s.view);
  const setView = useAppStore((s) => s.setView);
  const collapsed = useAppStore((s) => s.serversCollapsed);
  const toggleServers = useAppStore((s) => s.toggleServers);
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
  const shown = collapsed ? servers.filter(needsAttention) : servers;
  const problem = fileProblem && !editing && (
    <button
      type="button"
      className="sidebar__item server-list__problem"
      onClick={() => setView({ kind: 'config' })}
      data-testid="config-problem"
    >
      <TriangleAlert aria-hidden /> {t('config.sidebarProblem')}
    </button>
  );

  if (servers.length === 0) {
    return (
      <section className="sidebar__section servers-section" aria-labelledby="sidebar-servers">
        <h2 id="sidebar-servers" className="sidebar__heading">
          {t('sidebar.servers')}
        </h2>
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
        {problem}
      </section>
    );
  }

  return (
    <section className="sidebar__section servers-section" aria-labelledby="sidebar-servers">
      <div className="servers-section__head">
        <h2 id="sidebar-servers" className="sidebar__heading servers-section__heading">
          <button
            type="button"
            className="servers-section__toggle"
            aria-expanded={!collapsed}
            aria-controls={LIST_ID}
            title={collapsed ? t('layout.servers.show') : t('layout.servers.hide')}
            onClick={toggleServers}
            data-testid="servers-toggle"
          >
            {collapsed ? <ChevronRight aria-hidden /> : <ChevronDown aria-hidden />}
            <span className="servers-section__label">{t('sidebar.servers')}</span>
            <ServersSummary counts={serverCounts(servers)} />
          </button>
        </h2>
        {servers.length > 0 && (
          <button
            type="button"
            className={`icon-button servers-section__action${view.kind === 'servers' ? ' servers-section__action--active' : ''}`}
            aria-current={view.kind === 'servers' ? 'page' : undefined}
            aria-label={t('onDemand.overview')}
            title={t('onDemand.overview')}
            onClick={() => setView({ kind: 'servers' })}
            data-testid="open-servers"
          >
            <Gauge aria-hidden />
          </button>
        )}
        <button
          type="button"
          className={`icon-button servers-section__action${adding ? ' servers-section__action--active' : ''}`}
          aria-current={adding ? 'page' : undefined}
          aria-label={t('servers.addServer')}
          title={t('servers.addServer')}
          onClick={() => setView({ kind: 'serverForm' })}
          data-testid="add-server"
        >
          <Plus aria-hidden />
        </button>
        <button
          type="button"
          className={`icon-button servers-section__action${editing ? ' servers-section__action--active' : ''}`}
          aria-current={editing ? 'page' : undefined}
          aria-label={t('servers.editFile')}
          title={t('servers.editFile')}
          onClick={() => setView({ kind: 'config' })}
          data-testid="open-config"
        >
          <FilePen aria-hidden />
        </button>
      </div>
      {problem}
      {shown.length > 0 && (
        <div className="servers-section__body" id={LIST_ID}>
          <ul className="server-list" data-testid="server-list">
            {shown.map((server) => (
              <ServerRow
                key={server.name}
                server={server}
                active={view.kind === 'server' && view.name === server.name}
                cost={costOf(server.name)}
                onOpen={() => setView({ kind: 'server', name: server.name })}
              />
            ))}
          </ul>
          {!collapsed && <CatalogCostsSummary />}
        </div>
      )}
    </section>
  );
}

function ServerRow({
  server,
  active,
  cost,
  onOpen,
}: {
  server: ServerView;
  active: boolean;
  cost: Parameters<typeof ServerItemStatus>[0]['cost'];
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className={`sidebar__item server-item${active ? ' sidebar__item--active' : ''}`}
        aria-current={active ? 'page' : undefined}
        onClick={onOpen}
        data-testid={`server-item-${server.name}`}
        title={server.target}
      >
        <StatusDot status={server.status} />
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
        <ServerItemStatus status={server.status} cost={cost} name={server.name} />
      </button>
    </li>
  );
}

/** `3 ready · 1 failed`: only the states some server is in; failures stand out. */
function ServersSummary({ counts }: { counts: ServerCounts }) {
  const { t } = useTranslation();
  const parts = (['ready', 'failed', 'signIn', 'starting', 'waiting', 'off'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => (
      <span key={state} className={`servers-summary__part servers-summary__part--${state}`}>
        {t(`layout.servers.${state}`, { count: counts[state] })}
      </span>
    ));
  return (
    <span className="servers-summary" data-testid="servers-summary">
      {parts}
    </span>
  );
}
