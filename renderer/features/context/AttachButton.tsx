import { useTranslation } from 'react-i18next';

/** Opens the resource picker (the same one `@` opens, with its own search box). */
export function AttachButton({
  onClick,
  disabled = false,
}: {
  onClick: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button--small button--quiet attach-button"
      onClick={onClick}
      disabled={disabled}
      title={t('context.attachHint')}
      aria-haspopup="listbox"
      data-testid="attach"
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {t('context.attach')}
    </button>
  );
}
