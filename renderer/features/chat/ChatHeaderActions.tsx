import { Download, FileDown, FileJson } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemMenu } from '../conversations/ItemMenu';
import { useExportConversation, type ExportFormat } from '../conversations/useExportConversation';
import { useErrorText } from '../../i18n/hostText';

/** The open conversation's actions in its header: export as Markdown or JSON. */
export function ChatHeaderActions({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const exportConversation = useExportConversation();
  const [error, setError] = useState<string | null>(null);
  const run = async (format: ExportFormat): Promise<void> => {
    const result = await exportConversation(id, format);
    setError(result.ok ? null : t('exporting.failed', { message: errorText(result.error) }));
  };
  return (
    <>
      {error && (
        <span className="field__error chat__header-error" role="alert">
          {error}
        </span>
      )}
      <ItemMenu
        label={t('exporting.menu', { title })}
        icon={<Download />}
        testId="chat-export"
        entries={[
          {
            key: 'markdown',
            label: t('exporting.markdown'),
            icon: <FileDown aria-hidden />,
            onSelect: () => void run('markdown'),
          },
          {
            key: 'json',
            label: t('exporting.json'),
            icon: <FileJson aria-hidden />,
            onSelect: () => void run('json'),
          },
        ]}
      />
    </>
  );
}
