import { Pencil } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ChatMessage } from '../../stores/chatModel';
import { useChatStore } from '../../stores/StoresContext';
import { MessageChips } from '../context/MessageChips';
import { messageWords } from '../context/messageWords';
import { contentBlock } from '../servers/contentBlocks';
import { BranchNav } from './BranchNav';
import { CopyActions } from './CopyActions';

/**
 * The person's message: plain text as typed, with Copy, and Edit to send a new version (the
 * old one stays reachable with the version arrows).
 */
export function UserMessage({ message, editable }: { message: ChatMessage; editable: boolean }) {
  const { t } = useSharedTranslation();
  const edit = useChatStore((s) => s.edit);
  const text = messageWords(message);
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null && editable;

  const submit = (): void => {
    const value = draft?.trim();
    if (!value) return;
    setDraft(null);
    void edit(message.id, value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      // Handled here: the window must not read this Esc as "stop the reply".
      event.preventDefault();
      setDraft(null);
    }
  };

  const attachments = message.attachments ?? [];
  const bubble = (text || message.content.some((b) => b.type === 'image')) && (
    <div className="chat-message__bubble">
      {text && <p className="chat-message__text">{text}</p>}
      {message.content.map((block, index) => {
        if (block.type !== 'image') return null;
        const view = contentBlock({
          type: 'image',
          data: block.source.data,
          mimeType: block.source.media_type,
        });
        return view.type === 'image' ? (
          <img key={index} className="chat-message__image" src={view.src} alt={t('chat.image')} />
        ) : null;
      })}
    </div>
  );

  return (
    <article
      className="chat-message chat-message--user"
      aria-label={t('chat.yourMessage')}
      data-testid="user-message"
    >
      {editing ? (
        <div className="chat-message__edit">
          <textarea
            className="input textarea chat-message__edit-input"
            aria-label={t('chat.editLabel')}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <div className="chat-message__actions">
            <button type="button" className="button button--small" onClick={() => setDraft(null)}>
              {t('chat.cancelEdit')}
            </button>
            <button
              type="button"
              className="button button--small button--primary"
              disabled={!draft.trim()}
              onClick={submit}
              data-testid="send-edited"
            >
              {t('chat.sendEdited')}
            </button>
          </div>
        </div>
      ) : (
        <>
          {attachments.length > 0 ? (
            <div className="chat-message__stack">
              {bubble}
              <MessageChips attachments={attachments} sentAt={message.createdAt} />
            </div>
          ) : (
            bubble
          )}
          <div className="chat-message__toolbar">
            {message.branch && !message.live && (
              <BranchNav messageId={message.id} branch={message.branch} />
            )}
            <div className="chat-message__actions chat-message__actions--hover">
              {text && <CopyActions markdown={text} withPlain={false} />}
              {editable && (
                <button
                  type="button"
                  className="button button--small button--quiet"
                  onClick={() => setDraft(text)}
                  title={t('messageActions.editHint')}
                  data-testid="edit-message"
                >
                  <Pencil aria-hidden />
                  {t('chat.edit')}
                </button>
              )}
            </div>
          </div>
        </>
      )}
    </article>
  );
}
