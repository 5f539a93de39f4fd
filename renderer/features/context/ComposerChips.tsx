import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
} from '../../../shared/domain/attachmentLimits';
import type { DraftAttachment } from '../../stores/draftAttachments';
import { useContextStore } from '../../stores/StoresContext';
import { formatBytes } from '../servers/formatters';
import { AttachmentChip } from './AttachmentChip';
import { AttachmentPreview } from './AttachmentPreview';
import { attachmentIdentity } from './attachmentIdentity';
import { watchState } from './watchState';
import { useErrorText } from '../../i18n/hostText';

/** The composer's attachments as removable chips; a chip opens its preview. */
export function ComposerChips() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const draft = useContextStore((s) => s.draft);
  const subscriptions = useContextStore((s) => s.subscriptions);
  const refusal = useContextStore((s) => s.refusal);
  const fileProblem = useContextStore((s) => s.fileProblem);
  const detach = useContextStore((s) => s.detach);
  const reattach = useContextStore((s) => s.reattach);
  const dismissRefusal = useContextStore((s) => s.dismissRefusal);
  const [open, setOpen] = useState<DraftAttachment | null>(null);
  if (draft.length === 0 && !refusal && !fileProblem) return null;

  return (
    <div className="composer-chips">
      {refusal && (
        <Refusal role="status" onDismiss={dismissRefusal}>
          {t(`context.refusal.${refusal}`, {
            count: MAX_ATTACHMENTS,
            size: formatBytes(MAX_ATTACHMENT_BYTES),
          })}
        </Refusal>
      )}
      {fileProblem && (
        <Refusal role="alert" testId="file-problem" onDismiss={dismissRefusal}>
          {t(`files.${fileProblem.reason}`, {
            name: fileProblem.name,
            size: formatBytes(fileProblem.size),
            max: formatBytes(
              fileProblem.reason === 'imageTooLarge' ? MAX_IMAGE_BYTES : MAX_ATTACHMENT_BYTES,
            ),
            message: fileProblem.error ? errorText(fileProblem.error) : '',
          })}
        </Refusal>
      )}
      {draft.length > 0 && (
        <ul className="composer-chips__list" aria-label={t('context.chips.label')}>
          {draft.map((a) => (
            <li key={a.id}>
              <AttachmentChip
                {...attachmentIdentity(a)}
                {...(a.input.kind === 'inline' ? { note: t('context.chips.fromPrompt') } : {})}
                {...watchState(subscriptions, a, a.addedAt)}
                sending={a.uploading === true}
                // A file from the computer has no preview here: it is on the person's disk.
                {...(a.input.kind === 'file' ? {} : { onOpen: () => setOpen(a) })}
                onRemove={() => detach(a.id)}
                // Read at send time anyway: this acknowledges the change.
                onReattach={() => reattach({ ...a, addedAt: Date.now() })}
              />
            </li>
          ))}
        </ul>
      )}
      {open && (
        <AttachmentPreview
          target={{
            ...attachmentIdentity(open),
            ...(open.input.kind === 'inline' ? { inline: open.input } : {}),
            onRemove: () => detach(open.id),
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

/** Why something was not attached, until dismissed. */
function Refusal({
  role,
  testId,
  onDismiss,
  children,
}: {
  role: 'status' | 'alert';
  testId?: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <p className="composer-chips__refusal" role={role} data-testid={testId}>
      {children}
      <button type="button" className="button button--small button--quiet" onClick={onDismiss}>
        {t('chat.dismiss')}
      </button>
    </p>
  );
}
