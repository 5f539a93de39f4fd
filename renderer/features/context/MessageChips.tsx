import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentView } from '../../../shared/domain/attachments';
import { resourceDraft, resourceKey } from '../../stores/draftAttachments';
import { useContextStore } from '../../stores/StoresContext';
import { AttachmentChip } from './AttachmentChip';
import { AttachmentPreview } from './AttachmentPreview';
import { attachmentIdentity } from './attachmentIdentity';
import { watchState } from './watchState';

/**
 * What a sent message carried, from its stored attachment views. A watched resource that
 * changed after the message was sent offers "Re-attach fresh version" (into the composer).
 */
export function MessageChips({
  attachments,
  sentAt,
}: {
  attachments: readonly AttachmentView[];
  sentAt: number;
}) {
  const { t } = useTranslation();
  const subscriptions = useContextStore((s) => s.subscriptions);
  const reattach = useContextStore((s) => s.reattach);
  const [open, setOpen] = useState<AttachmentView | null>(null);

  const again = (a: AttachmentView): (() => void) | undefined =>
    a.origin === 'resource' && a.uri !== undefined
      ? () =>
          reattach(
            resourceDraft(
              a.server,
              {
                uri: a.uri ?? '',
                name: a.name,
                size: a.size,
                ...(a.mimeType !== undefined ? { mimeType: a.mimeType } : {}),
              },
              Date.now(),
            ),
          )
      : undefined;

  const openAgain = open ? again(open) : undefined;
  return (
    <>
      <ul className="message-chips" aria-label={t('context.chips.label')}>
        {attachments.map((a, index) => {
          const key = a.uri ? resourceKey(a.server, a.uri) : '';
          const onReattach = again(a);
          return (
            <li key={`${key}\n${String(index)}`}>
              <AttachmentChip
                {...attachmentIdentity(a)}
                note={t(`context.as.${a.as}`)}
                {...watchState(subscriptions, a, sentAt)}
                {...(a.origin === 'file' ? {} : { onOpen: () => setOpen(a) })}
                {...(onReattach ? { onReattach } : {})}
              />
            </li>
          );
        })}
      </ul>
      {open && (
        <AttachmentPreview
          target={{
            ...attachmentIdentity(open),
            readable: open.origin === 'resource',
            ...(openAgain ? { onReattach: openAgain } : {}),
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
