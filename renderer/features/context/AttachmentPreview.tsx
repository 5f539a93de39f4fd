import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InlineAttachmentInput } from '../../../shared/domain/attachments';
import { useModalDialog } from '../../components/useModalDialog';
import type { ResourcePreview } from '../../stores/contextStore';
import { resourceKey } from '../../stores/draftAttachments';
import type { Loadable } from '../../stores/loadable';
import { useContextStore } from '../../stores/StoresContext';
import { formatBytes } from '../servers/formatters';
import { ResourceContentsView } from '../servers/ResourceContentsView';
import { useErrorText } from '../../i18n/hostText';

/** What a preview shows: a server's resource (read now) or content that came with a prompt. */
export interface PreviewTarget {
  name: string;
  server: string;
  uri?: string;
  mimeType?: string;
  size?: number;
  /** Content already here (from a prompt): shown as is, nothing is read. */
  inline?: InlineAttachmentInput;
  /** False for content that came with a prompt and is not kept apart: facts only. */
  readable?: boolean;
  onRemove?: () => void;
  onReattach?: () => void;
}

/**
 * A bounded preview of an attachment with its server, URI, type and size, and "Watch for
 * changes" for a server's resource. Esc or Close returns to where the person was.
 */
export function AttachmentPreview({
  target,
  onClose,
}: {
  target: PreviewTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { server, uri, inline } = target;
  const readable = target.readable !== false && !inline;
  const key = uri && readable ? resourceKey(server, uri) : '';
  const read = useContextStore((s) => (key ? s.previews[key] : undefined));
  const preview = useContextStore((s) => s.preview);
  const watching = useContextStore((s) => (key ? s.subscriptions[key] !== undefined : false));
  const watch = useContextStore((s) => s.watch);
  const unwatch = useContextStore((s) => s.unwatch);
  const [watchError, setWatchError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useModalDialog(dialog, close);

  useEffect(() => {
    if (readable && uri) void preview(server, uri);
  }, [readable, uri, server, preview]);

  const inlineRead = useMemo<Loadable<ResourcePreview> | undefined>(() => {
    if (!inline) return undefined;
    const content = {
      uri: inline.uri ?? inline.name,
      ...(inline.mimeType !== undefined ? { mimeType: inline.mimeType } : {}),
      ...(inline.text !== undefined ? { text: inline.text } : { blob: inline.blob ?? '' }),
    };
    return { state: 'ready', value: { contents: [content], uri: content.uri } };
  }, [inline]);
  const shown = inlineRead ?? read;
  const size =
    read?.state === 'ready' && read.value.totalBytes !== undefined
      ? read.value.totalBytes
      : target.size;

  const toggleWatch = async (): Promise<void> => {
    if (!uri) return;
    setBusy(true);
    setWatchError(null);
    const result = watching ? await unwatch(server, uri) : await watch(server, uri);
    setBusy(false);
    if (!result.ok) setWatchError(errorText(result.error));
  };

  return (
    <dialog
      ref={dialog}
      className="dialog attachment-preview"
      aria-labelledby="attachment-preview-title"
      onClose={onClose}
      data-testid="attachment-preview"
    >
      <div className="dialog__header">
        <h2 id="attachment-preview-title" className="dialog__title">
          {target.name}
        </h2>
      </div>
      <dl className="attachment-preview__facts">
        <dt>{t('context.preview.server')}</dt>
        <dd>{server}</dd>
        {uri && (
          <>
            <dt>{t('context.preview.uri')}</dt>
            <dd>
              <code>{uri}</code>
            </dd>
          </>
        )}
        {target.mimeType && (
          <>
            <dt>{t('context.preview.type')}</dt>
            <dd>{target.mimeType}</dd>
          </>
        )}
        <dt>{t('context.preview.size')}</dt>
        <dd data-testid="preview-size">
          {size !== undefined ? formatBytes(size) : t('context.preview.unknownSize')}
        </dd>
      </dl>
      {!readable && <p className="muted">{t('context.preview.inlineNote')}</p>}
      <div className="attachment-preview__body">
        {shown ? <ResourceContentsView read={shown} /> : null}
      </div>
      {watchError && (
        <p className="field__error" role="alert">
          {t('context.preview.watchFailed', { message: watchError })}
        </p>
      )}
      <div className="dialog__actions attachment-preview__actions">
        {uri && readable && (
          <button
            type="button"
            className="button"
            aria-pressed={watching}
            disabled={busy}
            onClick={() => void toggleWatch()}
            data-testid="watch-toggle"
          >
            {watching ? t('context.preview.unwatch') : t('context.preview.watch')}
          </button>
        )}
        {target.onReattach && (
          <button
            type="button"
            className="button"
            onClick={() => {
              target.onReattach?.();
              onClose();
            }}
          >
            {t('context.chips.reattach')}
          </button>
        )}
        {target.onRemove && (
          <button
            type="button"
            className="button"
            onClick={() => {
              target.onRemove?.();
              onClose();
            }}
          >
            {t('context.preview.remove')}
          </button>
        )}
        <span className="dialog__spacer" />
        <button
          ref={close}
          type="button"
          className="button button--primary"
          onClick={onClose}
          data-testid="preview-close"
        >
          {t('context.preview.close')}
        </button>
      </div>
    </dialog>
  );
}
