import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENT_BYTES, MAX_IMAGE_BYTES } from '../../../shared/domain/attachmentLimits';
import { useContextStore } from '../../stores/StoresContext';
import { formatBytes } from '../servers/formatters';

/** Attaches files from the computer through the system's file chooser. */
export function FileButton({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const attachFiles = useContextStore((s) => s.attachFiles);
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="button button--small button--quiet attach-button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        title={t('files.hint', {
          image: formatBytes(MAX_IMAGE_BYTES),
          total: formatBytes(MAX_ATTACHMENT_BYTES),
        })}
        data-testid="attach-file"
      >
        <Paperclip aria-hidden />
        {t('files.button')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-testid="file-input"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          // Cleared, so choosing the same file again is a change too.
          event.target.value = '';
          if (chosen.length > 0) void attachFiles(chosen);
        }}
      />
    </>
  );
}
