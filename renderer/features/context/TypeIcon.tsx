import { useTranslation } from 'react-i18next';
import { attachmentKind, type AttachmentKind } from '../../stores/draftAttachments';

/** Outlines per kind of content (24×24 viewBox, stroked with the current colour). */
const PATHS: Record<AttachmentKind, string> = {
  text: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 12h6 M9 16h6',
  image: 'M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 .01 0',
  pdf: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 13h2a1.5 1.5 0 0 1 0 3H9v-5 M14 16v-5h2',
  binary: 'M6 3h8l4 4v14H6z M14 3v4h4 M9 11v5 M12.5 11h1.5v5h-1.5z',
};

/** A small icon for a resource's kind of content, named for screen readers. */
export function TypeIcon({ mimeType }: { mimeType: string | undefined }) {
  const { t } = useTranslation();
  const kind = attachmentKind(mimeType);
  return (
    <svg
      className={`type-icon type-icon--${kind}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label={t(`context.kinds.${kind}`)}
    >
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
