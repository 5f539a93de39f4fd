import { BellPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEventsStore } from '../../stores/StoresContext';
import { EventCardItem } from './EventCardItem';
import { SubscribeForm } from './SubscribeForm';
import { SubscriptionChips } from './SubscriptionChips';
import { useEventsLoaded } from './useUnseenEvents';

/** Newest cards shown in the conversation; older ones are kept by main. */
const SHOWN = 20;

/**
 * A conversation's events: its subscriptions, the events received as cards (newest last), and
 * the form to subscribe it. Seen once shown here.
 */
export function ConversationEvents({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  useEventsLoaded();
  const all = useEventsStore((s) => s.cards);
  const allSubs = useEventsStore((s) => s.subscriptions);
  const markSeen = useEventsStore((s) => s.markSeen);
  const [adding, setAdding] = useState(false);
  const cards = useMemo(
    () => all.filter((c) => c.conversationId === conversationId).slice(-SHOWN),
    [all, conversationId],
  );
  const subscriptions = useMemo(
    () => allSubs.filter((s) => s.conversationId === conversationId),
    [allSubs, conversationId],
  );
  const unseen = cards.some((c) => !c.seen);
  useEffect(() => {
    if (unseen) void markSeen(conversationId);
  }, [unseen, conversationId, markSeen]);

  return (
    <section className="chat-events" aria-label={t('mcpEvents.region')} data-testid="chat-events">
      {(cards.length > 0 || subscriptions.length > 0) && (
        <h2 className="chat-events__heading">
          {t('mcpEvents.heading')}
          {cards.length > 0 && (
            <span className="muted"> · {t('mcpEvents.count', { count: cards.length })}</span>
          )}
        </h2>
      )}
      <SubscriptionChips subscriptions={subscriptions} />
      {cards.length > 0 && (
        <ol className="event-cards">
          {cards.map((card) => (
            <EventCardItem key={card.id} card={card} />
          ))}
        </ol>
      )}
      {adding ? (
        <SubscribeForm conversationId={conversationId} onDone={() => setAdding(false)} />
      ) : (
        <button
          type="button"
          className="button button--small chat-events__add"
          onClick={() => setAdding(true)}
          data-testid="event-subscribe-open"
        >
          <BellPlus aria-hidden />
          {t('mcpEvents.subscribe')}
        </button>
      )}
    </section>
  );
}
