import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { EventSubscriptionView } from '../../../shared/domain/mcpEvents';
import { useEventsStore } from '../../stores/StoresContext';

/** A conversation's subscriptions: what each listens to, where it stands, and a way out. */
export function SubscriptionChips({ subscriptions }: { subscriptions: EventSubscriptionView[] }) {
  const { t } = useTranslation();
  const unsubscribe = useEventsStore((s) => s.unsubscribe);
  if (subscriptions.length === 0) return null;
  return (
    <ul className="event-subs" aria-label={t('mcpEvents.subscriptions')}>
      {subscriptions.map((sub) => (
        <li
          key={sub.id}
          className={`event-sub event-sub--${sub.state}`}
          title={sub.note}
          data-testid="event-subscription"
        >
          <span className="event-sub__name">
            {sub.server} › {sub.type}
          </span>
          <span className="muted">
            {t(`mcpEvents.actionLabel.${sub.action}`)} · {t(`mcpEvents.state.${sub.state}`)}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('mcpEvents.unsubscribeLabel', { type: sub.type, server: sub.server })}
            title={t('mcpEvents.unsubscribe')}
            onClick={() => void unsubscribe(sub.id)}
          >
            <X aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
