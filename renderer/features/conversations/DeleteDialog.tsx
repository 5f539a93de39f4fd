import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../components/useModalDialog';
import { useConversationsStore } from '../../stores/StoresContext';
import { useErrorText } from '../../i18n/hostText';

/** Asks before a conversation is deleted; deleting cannot be undone. */
export function DeleteDialog({
  id,
  title,
  onClose,
}: {
  id: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useConversationsStore((s) => s.remove);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The safe choice has focus, so Enter right away does not delete.
  useModalDialog(dialog, cancel);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    const result = await remove(id);
    setBusy(false);
    if (result.ok) onClose();
    else setError(t('conversations.deleteFailed', { message: errorText(result.error) }));
  };

  return (
    <dialog
      ref={dialog}
      className="dialog dialog--small"
      aria-labelledby="delete-title"
      aria-describedby="delete-body"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="delete-dialog"
    >
      <div className="dialog__body">
        <h2 id="delete-title" className="dialog__title">
          {t('conversations.deleteTitle')}
        </h2>
        <p id="delete-body" className="muted">
          {t('conversations.deleteBody', { title })}
        </p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__footer">
          <button ref={cancel} type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger-solid"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid="confirm-delete"
          >
            {t('conversations.delete')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
