import { useTranslation } from 'react-i18next';
import type { RequestTools } from '../../../shared/domain/toolSearch';
import { formatCount } from '../../components/formatTime';
import { formatTokens } from './formatTokens';

/** The usage line's part about tools: what the request carried in full, and what it left to search. */
export function ToolsUsage({ tools }: { tools: RequestTools }) {
  const { t, i18n } = useTranslation();
  const values = {
    tokens: formatTokens(tools.tokens, i18n.language),
    sent: formatCount(tools.sent, i18n.language),
    deferred: formatCount(tools.deferred, i18n.language),
  };
  return (
    <span
      title={t('toolSearch.usageToolsTitle', { ...values, count: tools.sent })}
      data-testid="usage-tools"
    >
      {tools.loading === 'all'
        ? t('toolSearch.usageTools', values)
        : t('toolSearch.usageToolsDeferred', values)}
    </span>
  );
}
