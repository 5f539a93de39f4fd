import { Hand } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { queued } from '../../stores/interactionsReducers';
import { useAppStore, useInteractionsStore } from '../../stores/StoresContext';
import { InteractionQueueDialog } from './lazyInteractions';
import { WithdrawnNotices } from './WithdrawnNotices';

/**
 * The sidebar entry for server requests not shown in the open conversation: a count that
 * opens the queue dialog (`compact`: icon and count, for the collapsed sidebar). Also hosts the dialog and the "withdrawn" notices.
 */
export function InteractionsQueue({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const openConversation = useAppStore((s) => (s.view.kind === 'chat' ? s.view.id : null));
  const pending = useInteractionsStore((s) => s.pending);
  const queueOpen = useInteractionsStore((s) => s.queueOpen);
  const showQueue = useInteractionsStore((s) => s.showQueue);
  const count = queued(pending, openConversation).length;
  return (
    <>
      {count > 0 && (
        <button
          type="button"
          className="sidebar__item interactions-entry"
          onClick={() => showQueue()}
          aria-label={compact ? t('interactions.queue.entry') : undefined}
          title={compact ? t('interactions.queue.entry') : undefined}
          data-testid="interactions-entry"
        >
          <Hand aria-hidden />
          {!compact && (
            <span className="interactions-entry__label">{t('interactions.queue.entry')}</span>
          )}
          <span className="badge interactions-entry__count" data-testid="interactions-count">
            {count}
          </span>
        </button>
      )}
      {queueOpen && (
        <Suspense fallback={null}>
          <InteractionQueueDialog />
        </Suspense>
      )}
      <WithdrawnNotices />
    </>
  );
}
