import { File, FileDigit, FileImage, FileText, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { attachmentKind, type AttachmentKind } from '../../stores/draftAttachments';

const ICONS: Record<AttachmentKind, LucideIcon> = {
  text: FileText,
  image: FileImage,
  pdf: File,
  binary: FileDigit,
};

/** A small icon for a resource's kind of content, named for screen readers. */
export function TypeIcon({ mimeType }: { mimeType: string | undefined }) {
  const { t } = useTranslation();
  const kind = attachmentKind(mimeType);
  const Icon = ICONS[kind];
  return (
    <Icon
      className={`type-icon type-icon--${kind}`}
      role="img"
      aria-label={t(`context.kinds.${kind}`)}
    />
  );
}
