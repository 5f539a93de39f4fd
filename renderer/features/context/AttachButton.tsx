import { AtSign } from 'lucide-react';
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
      <AtSign aria-hidden />
      {t('files.resources')}
    </button>
  );
}
