import { useTranslation } from 'react-i18next';
import type { ServerView } from '../../../shared/domain/mcpViews';
import type { ServerToolCost } from '../../../shared/domain/toolSearch';
import { formatTokens } from '../toolSearch/formatTokens';
import { StatusText } from './StatusText';

/** A sidebar server's second line: its status, or when ready its tools and what they cost. */
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
  const tools = t('servers.toolCount', { count: status.toolCount });
  const tokens = cost ? formatTokens(cost.tokens, i18n.language) : undefined;
  return (
    <span
      className={`server-item__status${tokens ? ' server-item__status--cost' : ''}`}
      title={
        tokens ? t('toolSearch.serverCostTitle', { count: cost?.tools ?? 0, tokens }) : undefined
      }
      data-testid={`server-cost-${name}`}
    >
      {/* The green dot says "ready" to the eye; this says it to a reader. */}
      <span className="sr-only">{t('status.ready')}, </span>
      {tokens ? t('toolSearch.serverCost', { tools, tokens }) : tools}
    </span>
  );
}
