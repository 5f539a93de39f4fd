import { useTranslation } from 'react-i18next';
import type { EventCard } from '../../../shared/domain/mcpEvents';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { BoundedText } from '../../components/BoundedText';
import { formatDateTime } from '../../components/formatTime';

/**
 * One event as a card. The payload is the server's data: shown as plain text (JSON as it came,
 * never Markdown, links or markup), bounded with the rest on demand.
 */
export function EventCardItem({ card }: { card: EventCard }) {
  const { t, i18n } = useTranslation();
  const label = t('mcpEvents.card.label', { type: card.type, server: card.server });
  if (card.kind === 'gap') {
    return (
      <li className="event-card event-card--gap" aria-label={label} data-testid="event-gap">
        <p className="event-card__note">{t('mcpEvents.card.gap')}</p>
        <p className="event-card__meta muted">
          {card.server} › {card.type} · {formatDateTime(card.receivedAt, i18n.language)}
        </p>
      </li>
    );
  }
  return (
    <li
      className={`event-card${card.seen ? '' : ' event-card--unseen'}`}
      aria-label={label}
      data-testid="event-card"
    >
      <div className="event-card__head">
        <span className="event-card__type">{card.type}</span>
        <span className="muted">{t('mcpEvents.card.from', { server: card.server })}</span>
        {card.startedTurn && (
          <span className="badge event-card__turn">{t('mcpEvents.card.startedTurn')}</span>
        )}
      </div>
      <p className="event-card__meta muted">
        {formatDateTime(card.receivedAt, i18n.language)}
        {card.eventId ? ` · ${t('mcpEvents.card.id', { id: card.eventId })}` : ''}
        {card.payloadBytes !== undefined
          ? ` · ${t('mcpEvents.card.size', { size: formatBytes(card.payloadBytes) })}`
          : ''}
      </p>
      {card.problems && (
        <p className="event-card__problems" role="note">
          {t('mcpEvents.card.invalid', { problems: card.problems.join('; ') })}
        </p>
      )}
      <div className="event-card__payload" aria-label={t('mcpEvents.card.payload')}>
        <BoundedText text={card.payload ?? ''} limit={2_000} />
      </div>
    </li>
  );
}
