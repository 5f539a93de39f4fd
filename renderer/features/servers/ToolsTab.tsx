import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerDetail, ServerView } from '../../../shared/domain/mcpViews';
import type { Loadable } from '../../stores/loadable';
import { ServerToolsCost } from '../toolSearch/ServerToolsCost';
import { ToolCard } from './ToolCard';

/** Filter box appears from this many tools on: below it, scanning is faster than typing. */
const FILTER_FROM = 6;

/** The server's tools, each with its switch, schema and "Try it". */
export function ToolsTab({
  server,
  detail,
}: {
  server: ServerView;
  detail?: Loadable<ServerDetail>;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim().toLowerCase());
  if (!detail || detail.state === 'loading') return <p className="muted">{t('common.loading')}</p>;
  if (detail.state === 'failed') return null;
  const tools = detail.value.tools;
  if (tools.length === 0) {
    return (
      <p className="empty">
        {server.status.kind === 'ready' ? t('tools.none') : t('tools.notReady')}
      </p>
    );
  }
  const shown = deferred
    ? tools.filter((tool) =>
        [tool.name, tool.title ?? '', tool.description ?? ''].some((s) =>
          s.toLowerCase().includes(deferred),
        ),
      )
    : tools;
  return (
    <div className="tools">
      {server.status.kind !== 'ready' && <p className="muted">{t('tools.lastKnown')}</p>}
      <ServerToolsCost server={server.name} />
      {tools.length >= FILTER_FROM && (
        <input
          type="search"
          className="input tools__filter"
          placeholder={t('tools.filter')}
          aria-label={t('tools.filter')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      {shown.map((tool) => (
        <ToolCard key={tool.name} tool={tool} />
      ))}
      {shown.length === 0 && <p className="muted">{t('tools.noMatch')}</p>}
    </div>
  );
}
