import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/formatTime';
import { formatTokens } from './formatTokens';
import { useCatalogCosts } from './useCatalogCosts';

/** Over a server's tools: what their enabled definitions cost in a request that carries them. */
export function ServerToolsCost({ server }: { server: string }) {
  const { t, i18n } = useTranslation();
  const cost = useCatalogCosts()?.servers.find((c) => c.server === server);
  if (!cost || cost.tools === 0) return null;
  return (
    <p className="muted server-tools-cost" data-testid="server-tools-cost">
      {t('toolSearch.serverTotal', {
        count: cost.tools,
        total: formatCount(cost.tools, i18n.language),
        tokens: formatTokens(cost.tokens, i18n.language),
      })}
      {cost.alwaysLoaded > 0 &&
        ` · ${t('toolSearch.serverAlwaysLoaded', { count: cost.alwaysLoaded })}`}
    </p>
  );
}
