import { Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { serverCounts } from './serverCounts';

/**
 * The servers in the sidebar's rail: one icon whose badge counts the servers that failed or
 * wait for a sign-in; it opens the sidebar, where they are listed.
 */
export function RailServers() {
  const { t } = useTranslation();
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const servers = useServersStore((s) => s.servers);
  const counts = serverCounts(servers);
  const needing = counts.failed + counts.signIn;
  const summary = (['ready', 'failed', 'signIn', 'starting', 'off'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => t(`layout.servers.${state}`, { count: counts[state] }))
    .join(' · ');
  const label = summary ? `${t('sidebar.servers')}: ${summary}` : t('sidebar.servers');
  return (
    <button
      type="button"
      className="sidebar__item rail-servers"
      aria-label={label}
      title={label}
      onClick={toggleSidebar}
      data-testid="rail-servers"
    >
      <Server aria-hidden />
      {needing > 0 && (
        <span className="badge rail-servers__count" data-testid="rail-servers-count">
          {needing}
        </span>
      )}
    </button>
  );
}
