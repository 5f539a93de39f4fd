import { Eye, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../servers/formatters';
import { TypeIcon } from './TypeIcon';

interface AttachmentChipProps {
  name: string;
  server: string;
  uri?: string;
  mimeType?: string;
  size?: number;
  /** A note after the size ("sent as a document", "from a prompt"). */
  note?: string;
  watching?: boolean;
  /** The server said it changed after it was attached. */
  changed?: boolean;
  /** A file still on its way to main. */
  sending?: boolean;
  /** Opens the preview; absent for what has none here (a file from the computer). */
  onOpen?: () => void;
  onRemove?: () => void;
  onReattach?: () => void;
}

/**
 * One attachment: type icon, name, server and size. The chip itself opens the preview;
 * Remove (composer) and "Re-attach fresh version" (a changed resource) are separate buttons.
 */
export function AttachmentChip({
  name,
  server,
  uri,
  mimeType,
  size,
  note,
  watching = false,
  changed = false,
  sending = false,
  onOpen,
  onRemove,
  onReattach,
}: AttachmentChipProps) {
  const { t } = useTranslation();
  const meta = [
    server || t('files.local'),
    size !== undefined ? formatBytes(size) : '',
    sending ? t('files.sending') : (note ?? ''),
  ].filter(Boolean);
  const body = (
    <>
      <TypeIcon mimeType={mimeType} />
      <span className="attachment-chip__name">{name}</span>
      <span className="attachment-chip__meta">{meta.join(' · ')}</span>
      {sending && <span className="spinner attachment-chip__sending" aria-hidden="true" />}
      {watching && !changed && (
        <span className="attachment-chip__watch" title={t('context.chips.watching')}>
          <Eye aria-hidden />
          <span className="sr-only">{t('context.chips.watching')}</span>
        </span>
      )}
      {changed && (
        <span className="attachment-chip__changed" title={t('context.chips.changedTitle')}>
          {t('context.chips.changed')}
        </span>
      )}
    </>
  );
  return (
    <span
      className={`attachment-chip${changed ? ' attachment-chip--changed' : ''}`}
      data-testid="attachment-chip"
      data-changed={changed || undefined}
    >
      {onOpen ? (
        <button
          type="button"
          className="attachment-chip__main"
          onClick={onOpen}
          aria-label={t('context.chips.open', { name })}
          title={uri ?? name}
        >
          {body}
        </button>
      ) : (
        <span className="attachment-chip__main" title={name}>
          {body}
        </span>
      )}
      {changed && onReattach && (
        <button
          type="button"
          className="attachment-chip__action"
          onClick={onReattach}
          data-testid="reattach"
        >
          {t('context.chips.reattach')}
        </button>
      )}
      {onRemove && (
        <button
          type="button"
          className="attachment-chip__remove"
          onClick={onRemove}
          aria-label={t('context.chips.remove', { name })}
          title={t('context.chips.remove', { name })}
          data-testid="remove-attachment"
        >
          <X aria-hidden />
        </button>
      )}
    </span>
  );
}
