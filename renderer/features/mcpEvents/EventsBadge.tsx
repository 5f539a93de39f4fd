import { BellDot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../stores/StoresContext';
import { useEventsLoaded, useNewestUnseenConversation, useUnseenEvents } from './useUnseenEvents';

/** How many events are unseen; opens the conversation of the newest one. Nothing when none. */
export function EventsBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  useEventsLoaded();
  const count = useUnseenEvents();
  const target = useNewestUnseenConversation();
  const setView = useAppStore((s) => s.setView);
  if (count === 0 || !target) return null;
  const text = t('mcpEvents.badge', { count });
  return (
    <button
      type="button"
      className="sidebar__item events-badge"
      onClick={() => setView({ kind: 'chat', id: target })}
      aria-label={compact ? text : t('mcpEvents.badgeLabel')}
      title={compact ? text : t('mcpEvents.badgeLabel')}
      data-testid="events-unseen"
    >
      <BellDot aria-hidden />
      {compact ? <span className="badge">{count}</span> : <span className="badge">{text}</span>}
    </button>
  );
}
