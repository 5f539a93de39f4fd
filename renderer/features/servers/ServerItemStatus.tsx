import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import type { ServerToolCost } from '../../../shared/domain/toolSearch';
import { formatTokens } from '../toolSearch/formatTokens';
import { StatusText } from './StatusText';

/**
 * A sidebar server's status at the end of its line: when ready, the tools the model is offered
 * (those switched off or meant for an App only are not: "3 of 9 tools") and about how many
 * tokens their definitions take (said in full on hover).
 */
export function ServerItemStatus({
  name,
  status,
  cost,
}: {
  name: string;
  status: ServerView['status'];
  cost: ServerToolCost | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (status.kind !== 'ready') {
    return (
      <span className="server-item__status">
        <StatusText status={status} />
      </span>
    );
  }
  const offered = cost?.tools ?? status.toolCount;
  const tools =
    offered === status.toolCount
      ? t('servers.toolCount', { count: offered })
      : t('layout.toolsOffered', { offered, count: status.toolCount });
  const tokens = cost ? formatTokens(cost.tokens, i18n.language) : undefined;
  return (
    <span
      className="server-item__status"
      title={tokens ? t('toolSearch.serverCostTitle', { count: offered, tokens }) : undefined}
      data-testid={`server-cost-${name}`}
      data-tokens={cost?.tokens}
    >
      {/* The green dot says "ready" to the eye; this says it to a reader. */}
      <span className="sr-only">{t('status.ready')}, </span>
      {tokens ? t('layout.serverCost', { tools, tokens }) : tools}
    </span>
  );
}
