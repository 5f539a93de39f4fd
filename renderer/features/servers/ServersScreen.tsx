import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import type { ServerCost } from '../../../shared/domain/serverCosts';
import { useAppStore, useServersStore } from '../../stores/StoresContext';
import { formatMemory } from './formatCost';
import { ServerCostCells } from './ServerCostCells';
import { StatusDot } from './StatusDot';
import { StatusText } from './StatusText';
import { useCostSampling } from './useCostSampling';

const RUNNING: readonly string[] = ['starting', 'ready', 'restarting'];

/**
 * Every server with its state (remembered, starting, ready, stopped when idle, failed), its
 * tools, and what it costs: memory and CPU of its process tree, measured while this is open.
 */
export function ServersScreen() {
  const { t } = useTranslation();
  useCostSampling();
  const servers = useServersStore((s) => s.servers);
  const costs = useServersStore((s) => s.costs);
  const costOf = (name: string) => costs?.servers.find((c) => c.server === name);
  const running = servers.filter((s) => RUNNING.includes(s.status.kind));
  const total = costs?.servers.reduce((sum, c) => sum + c.rssBytes, 0) ?? 0;
  return (
    <div className="servers-screen" data-testid="servers-screen">
      <header className="servers-screen__header">
        <h1>{t('onDemand.screen.title')}</h1>
        <p className="muted">{t('onDemand.screen.intro')}</p>
      </header>
      {servers.length === 0 ? (
        <p className="muted">{t('onDemand.screen.empty')}</p>
      ) : (
        <>
          <p className="servers-screen__totals" data-testid="servers-totals">
            {t('onDemand.screen.totals', {
              running: running.length,
              count: servers.length,
              memory: formatMemory(total),
            })}{' '}
            {costs && t('onDemand.screen.host', { memory: formatMemory(costs.host.rssBytes) })}
          </p>
          {costs?.unavailable && <p className="muted">{t('onDemand.screen.unavailable')}</p>}
          <table className="servers-table">
            <thead>
              <tr>
                <th scope="col">{t('onDemand.screen.name')}</th>
                <th scope="col">{t('onDemand.screen.state')}</th>
                <th scope="col" className="servers-table__num">
                  {t('onDemand.screen.tools')}
                </th>
                <th scope="col" className="servers-table__num">
                  {t('onDemand.screen.memory')}
                </th>
                <th scope="col" className="servers-table__num">
                  {t('onDemand.screen.cpu')}
                </th>
                <th scope="col">
                  <span className="sr-only">{t('onDemand.screen.start')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {servers.map((server) => (
                <ServerRow key={server.name} server={server} cost={costOf(server.name)} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

function ServerRow({ server, cost }: { server: ServerView; cost: ServerCost | undefined }) {
  const { t } = useTranslation();
  const setView = useAppStore((s) => s.setView);
  const pending = useServersStore((s) => s.pending[server.name]);
  const startServer = useServersStore((s) => s.startServer);
  const stopServer = useServersStore((s) => s.stopServer);
  const restart = useServersStore((s) => s.restart);
  const status = server.status;
  const running = RUNNING.includes(status.kind);
  const tools =
    status.kind === 'ready' || status.kind === 'remembered' ? String(status.toolCount) : '';
  const canStart = status.kind === 'remembered' || status.kind === 'stopped';
  return (
    <tr data-testid={`servers-row-${server.name}`} data-state={status.kind}>
      <th scope="row">
        <button
          type="button"
          className="servers-table__name"
          onClick={() => setView({ kind: 'server', name: server.name })}
          title={t('onDemand.screen.open', { name: server.name })}
        >
          {server.name}
        </button>
      </th>
      <td>
        <span className="servers-table__state">
          <StatusDot status={status} />
          <StatusText status={status} />
        </span>
      </td>
      <td className="servers-table__num">{tools}</td>
      <ServerCostCells cost={cost} running={running} remote={server.transport !== 'stdio'} />
      <td className="servers-table__action">
        {(canStart || running) && !server.disabled && (
          <button
            type="button"
            className="button button--small"
            disabled={pending !== undefined || status.kind === 'starting'}
            onClick={() => void (canStart ? startServer(server.name) : stopServer(server.name))}
            data-testid={`servers-${canStart ? 'start' : 'stop'}-${server.name}`}
          >
            {canStart ? t('onDemand.screen.start') : t('onDemand.screen.stop')}
          </button>
        )}
        {status.kind === 'error' && !server.disabled && (
          // A failed start is not retried by itself: the person may try again from here.
          <button
            type="button"
            className="button button--small"
            disabled={pending !== undefined}
            onClick={() => void restart(server.name)}
            data-testid={`servers-retry-${server.name}`}
          >
            {t('onDemand.screen.retry')}
          </button>
        )}
      </td>
    </tr>
  );
}
