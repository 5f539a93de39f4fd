import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { conversationToMarkdown } from '../../../shared/text/conversationMarkdown';
import { downloadText, fileNameFrom } from '../../components/downloadText';
import { formatDateTime } from '../../components/formatTime';
import type { ActionResult } from '../../stores/loadable';
import { useConversationsStore } from '../../stores/StoresContext';

/** Which file an export writes. */
export type ExportFormat = 'markdown' | 'json';

/**
 * Saves a conversation as a file: JSON is main's export document as it is; Markdown is
 * written from it here, in the window's language.
 */
export function useExportConversation(): (
  id: string,
  format: ExportFormat,
) => Promise<ActionResult> {
  const { t, i18n } = useTranslation();
  const exportDocument = useConversationsStore((s) => s.exportDocument);
  return useCallback(
    async (id, format) => {
      const result = await exportDocument(id);
      if (!result.ok) return result;
      const { document } = result;
      const name = fileNameFrom(document.conversation.title, t('exporting.fallbackName'));
      if (format === 'json') {
        downloadText(`${name}.json`, 'application/json', `${JSON.stringify(document, null, 2)}\n`);
        return { ok: true };
      }
      const markdown = conversationToMarkdown(document, {
        you: t('exporting.you'),
        assistant: t('exporting.assistant'),
        subtitle: t('exporting.subtitle', {
          date: formatDateTime(Date.parse(document.exportedAt), i18n.language),
          model: document.conversation.model ?? t('exporting.defaultModel'),
        }),
        toolCall: t('exporting.toolCall'),
        arguments: t('exporting.arguments'),
        result: t('exporting.result'),
        attached: t('exporting.attached'),
        image: t('exporting.image'),
        cutOff: t('exporting.cutOff'),
        untitled: t('conversations.untitled'),
      });
      downloadText(`${name}.md`, 'text/markdown', markdown);
      return { ok: true };
    },
    [exportDocument, t, i18n.language],
  );
}
