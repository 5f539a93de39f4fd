import { FileDown, FileJson, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '../../../shared/domain/conversationViews';
import { formatRelative } from '../../components/formatTime';
import { useMinute } from '../../components/useMinute';
import { conversationLabel } from '../../stores/conversationsReducers';
import { useConversationsStore } from '../../stores/StoresContext';
import { ItemMenu } from './ItemMenu';
import { Snippet } from './Snippet';
import { useExportConversation, type ExportFormat } from './useExportConversation';
import { useErrorText } from '../../i18n/hostText';

interface ConversationItemProps {
  conversation: ConversationSummary;
  active: boolean;
  query: string;
  onOpen: (id: string) => void;
  onDelete: (id: string, title: string) => void;
}

/** One conversation in the sidebar: open it, rename it in place (F2), or delete it. */
export function ConversationItem({
  conversation,
  active,
  query,
  onOpen,
  onDelete,
}: ConversationItemProps) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const rename = useConversationsStore((s) => s.rename);
  const exportConversation = useExportConversation();
  const now = useMinute();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Leaving the title field (Enter, Esc, a click elsewhere) ends editing exactly once.
  const cancelled = useRef(false);
  const refocus = useRef(false);
  const title = conversationLabel(conversation) || t('conversations.untitled');

  const editing = useRef(false);
  const startEditing = (): void => {
    cancelled.current = false;
    editing.current = true;
    setDraft(conversation.title || title);
  };
  const save = async (): Promise<void> => {
    // A second blur of the same edit (the field going away) must not rename twice.
    if (!editing.current) return;
    editing.current = false;
    const value = cancelled.current ? undefined : draft?.trim();
    setDraft(null);
    if (!value || value === conversation.title) return;
    const result = await rename(conversation.id, value);
    setError(
      result.ok ? null : t('conversations.renameFailed', { message: errorText(result.error) }),
    );
  };
  const runExport = async (format: ExportFormat): Promise<void> => {
    const result = await exportConversation(conversation.id, format);
    setError(result.ok ? null : t('exporting.failed', { message: errorText(result.error) }));
  };
  const onItemKey = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'F2') {
      event.preventDefault();
      startEditing();
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onDelete(conversation.id, title);
    }
  };
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      cancelled.current = event.key === 'Escape';
      refocus.current = true;
      event.currentTarget.blur();
    }
  };

  if (draft !== null) {
    return (
      <li className="conversation-item conversation-item--editing">
        <input
          className="input conversation-item__rename"
          aria-label={t('conversations.renameLabel', { title })}
          value={draft}
          maxLength={200}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onInputKey}
          onBlur={() => void save()}
        />
      </li>
    );
  }

  return (
    <li className={`conversation-item${active ? ' conversation-item--active' : ''}`}>
      <button
        ref={(element) => {
          // Back on the item after renaming from the keyboard, so the person keeps their place.
          if (element && refocus.current) {
            refocus.current = false;
            element.focus();
          }
        }}
        type="button"
        className="conversation-item__open"
        aria-current={active ? 'page' : undefined}
        onClick={() => onOpen(conversation.id)}
        onKeyDown={onItemKey}
        data-testid={`conversation-${conversation.id}`}
      >
        <span className="conversation-item__line">
          {conversation.running && (
            <span
              className="status-dot status-dot--busy"
              role="img"
              aria-label={t('conversations.running')}
            />
          )}
          <span className="conversation-item__title">{title}</span>
          <span className="conversation-item__time">
            {formatRelative(conversation.updatedAt, now, i18n.language)}
          </span>
        </span>
        {conversation.snippet && <Snippet text={conversation.snippet} query={query} />}
      </button>
      <ItemMenu
        label={t('conversations.actions', { title })}
        entries={[
          {
            key: 'rename',
            label: t('conversations.rename'),
            icon: <Pencil aria-hidden />,
            shortcut: 'F2',
            onSelect: startEditing,
          },
          {
            key: 'markdown',
            label: t('exporting.markdown'),
            icon: <FileDown aria-hidden />,
            onSelect: () => void runExport('markdown'),
          },
          {
            key: 'json',
            label: t('exporting.json'),
            icon: <FileJson aria-hidden />,
            onSelect: () => void runExport('json'),
          },
          {
            key: 'delete',
            label: t('conversations.delete'),
            icon: <Trash2 aria-hidden />,
            danger: true,
            onSelect: () => onDelete(conversation.id, title),
          },
        ]}
        testId={`conversation-menu-${conversation.id}`}
      />
      {error && (
        <p className="field__error conversation-item__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
