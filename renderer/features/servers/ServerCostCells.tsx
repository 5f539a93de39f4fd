import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ServerCost } from '../../../shared/domain/serverCosts';
import { formatCpu, formatMemory } from './formatCost';

/** A running server's memory (with its processes and a growth warning) and CPU, as table cells. */
export function ServerCostCells({
  cost,
  running,
  remote,
}: {
  cost: ServerCost | undefined;
  running: boolean;
  remote: boolean;
}) {
  const { t } = useTranslation();
  if (!running || remote) {
    // A dash where there is nothing to measure: not running, or running elsewhere (remote).
    const text = remote && running ? t('onDemand.screen.remote') : '—';
    return (
      <>
        <td className="servers-table__num muted">{text}</td>
        <td className="servers-table__num muted">{text}</td>
      </>
    );
  }
  if (!cost) {
    return (
      <>
        <td className="servers-table__num muted">{t('onDemand.screen.measuring')}</td>
        <td className="servers-table__num muted" />
      </>
    );
  }
  return (
    <>
      <td className="servers-table__num" data-testid={`server-memory-${cost.server}`}>
        <span className="servers-table__memory">
          {cost.growing && (
            <TriangleAlert
              className="servers-table__warn"
              aria-label={t('onDemand.screen.growing')}
            />
          )}
          {formatMemory(cost.rssBytes)}
        </span>
        <span className="servers-table__sub">
          {t('onDemand.screen.processes', { count: cost.processes })}
        </span>
        {cost.growing && (
          <span
            className="servers-table__growing"
            role="note"
            title={t('onDemand.screen.growingHint')}
          >
            {t('onDemand.screen.growing')}
          </span>
        )}
      </td>
      <td className="servers-table__num" data-testid={`server-cpu-${cost.server}`}>
        {formatCpu(cost.cpuPercent)}
      </td>
    </>
  );
}
