import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../components/useModalDialog';
import { formatDateTime } from '../../components/formatTime';
import { queued } from '../../stores/interactionsReducers';
import { useAppStore, useInteractionsStore } from '../../stores/StoresContext';
import { InteractionPanel, interactionTitleKey } from './InteractionPanel';

/** The queue of server requests: a list, or the one the person opened. Esc closes it. */
export function InteractionQueueDialog() {
  const { t, i18n } = useTranslation();
  const openConversation = useAppStore((s) => (s.view.kind === 'chat' ? s.view.id : null));
  const pending = useInteractionsStore((s) => s.pending);
  const openId = useInteractionsStore((s) => s.openId);
  const showQueue = useInteractionsStore((s) => s.showQueue);
  const closeQueue = useInteractionsStore((s) => s.closeQueue);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useModalDialog(dialog, heading);

  const list = queued(pending, openConversation);
  const open = openId === null ? undefined : pending.find((i) => i.id === openId);
  const only = list.length === 1 ? list[0] : undefined;
  // One request: straight to it. None left: the dialog has nothing more to show.
  const shown = open ?? (openId === null ? only : undefined);
  useEffect(() => {
    if (list.length === 0 && !open) closeQueue();
  }, [list.length, open, closeQueue]);

  return (
    <dialog
      ref={dialog}
      className="dialog interactions-dialog"
      aria-labelledby="interactions-queue-heading"
      onCancel={(event) => {
        event.preventDefault();
        closeQueue();
      }}
      data-testid="interactions-dialog"
    >
      <div className="dialog__header">
        <h2 id="interactions-queue-heading" ref={heading} tabIndex={-1}>
          {t('interactions.queue.title')}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          title={`${t('common.close')} (Esc)`}
          onClick={closeQueue}
        >
          <X />
        </button>
      </div>
      <div className="dialog__body">
        {shown ? (
          <>
            {list.length > 1 && (
              <button
                type="button"
                className="button button--small interactions-dialog__back"
                onClick={() => showQueue(null)}
              >
                <ArrowLeft aria-hidden /> {t('interactions.queue.back', { count: list.length })}
              </button>
            )}
            <InteractionPanel
              key={shown.id}
              interaction={shown}
              headingLevel={3}
              focusOnMount={openId !== null}
            />
          </>
        ) : (
          <ul className="interactions-list" data-testid="interactions-list">
            {list.map((interaction) => (
              <li key={interaction.id}>
                <button
                  type="button"
                  className="interactions-list__item"
                  onClick={() => showQueue(interaction.id)}
                  data-testid={`interactions-open-${interaction.id}`}
                >
                  <strong>
                    {t(interactionTitleKey(interaction), { server: interaction.server })}
                  </strong>
                  <span className="muted">
                    {formatDateTime(interaction.createdAt, i18n.language)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </dialog>
  );
}
