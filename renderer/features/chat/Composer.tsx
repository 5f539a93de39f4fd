import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../stores/StoresContext';
import { ModelPicker } from './ModelPicker';

interface ComposerProps {
  running: boolean;
  conversationModel?: string;
  /** The message went out (to a conversation that may have just been created). */
  onSent: (conversationId: string) => void;
}

/** Where the person writes: Enter sends, Shift+Enter breaks the line, Esc stops a reply. */
export function Composer({ running, conversationModel, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const send = useChatStore((s) => s.send);
  const stop = useChatStore((s) => s.stop);
  const [text, setText] = useState('');
  const empty = text.trim() === '';

  const submit = async (event?: SyntheticEvent): Promise<void> => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || running) return;
    setText('');
    const result = await send(value);
    // Refused: the words come back, unless the person already started typing new ones.
    if (result.ok) onSent(result.conversationId);
    else setText((current) => current || value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // An input method composing Chinese uses Enter to pick characters: not a send.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && running) {
      event.preventDefault();
      void stop();
    }
  };

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} data-testid="composer">
      <label htmlFor="composer-input" className="sr-only">
        {t('chat.composerLabel')}
      </label>
      <textarea
        id="composer-input"
        className="composer__input"
        placeholder={t('chat.composerPlaceholder')}
        value={text}
        rows={1}
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="composer-hint"
      />
      <div className="composer__bar">
        <ModelPicker conversationModel={conversationModel} />
        <span id="composer-hint" className="composer__hint">
          {t('chat.composerHint')}
        </span>
        {running ? (
          <button
            type="button"
            className="button composer__stop"
            onClick={() => void stop()}
            title={t('chat.stopHint')}
            data-testid="stop"
          >
            <span className="composer__stop-mark" aria-hidden="true" />
            {t('chat.stop')}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={empty}
            data-testid="send"
          >
            {t('chat.send')}
          </button>
        )}
      </div>
    </form>
  );
}
