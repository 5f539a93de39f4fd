import {
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { draftInputs, shownAttachment } from '../../stores/draftAttachments';
import { useChatStore, useContextStore } from '../../stores/StoresContext';
import { AttachButton } from '../context/AttachButton';
import { AppContextChips } from '../apps/AppContextChips';
import { ComposerChips } from '../context/ComposerChips';
import { FileButton } from '../context/FileButton';
import { activeOptionId, ComposerMenus, MENU_ID } from '../context/ComposerMenus';
import { useComposerMenus } from '../context/useComposerMenus';
import { preloadMarkdown } from '../markdown/LazyMarkdown';
import { useModelName, useSelectedModel } from '../providers/useModelName';
import { ModelPicker } from './ModelPicker';

interface ComposerProps {
  running: boolean;
  conversationModel?: string;
  /** The message went out (to a conversation that may have just been created). */
  onSent: (conversationId: string) => void;
}

/**
 * Where the person writes: Enter sends, Shift+Enter breaks the line, Esc stops a reply;
 * Files adds files from the computer (so do dropping and pasting them), `@` or Resources adds
 * server resources, `/` at the start inserts a server's prompt.
 */
export function Composer({ running, conversationModel, onSent }: ComposerProps) {
  const { t } = useTranslation();
  const name = useModelName(useSelectedModel(conversationModel));
  const send = useChatStore((s) => s.send);
  const stop = useChatStore((s) => s.stop);
  const [text, setText] = useState('');
  const draft = useContextStore((s) => s.draft);
  const takeDraft = useContextStore((s) => s.takeDraft);
  const restoreDraft = useContextStore((s) => s.restoreDraft);
  const attachFiles = useContextStore((s) => s.attachFiles);
  const [dropping, setDropping] = useState(false);
  const ensureSubscriptions = useContextStore((s) => s.ensureSubscriptions);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const menus = useComposerMenus({ text, setText, inputRef });
  const empty = text.trim() === '' && draft.length === 0;
  // An attachment being read (or awaiting a size confirmation), or a file on its way to main,
  // goes with this message.
  const attaching = menus.attachFlow.step !== null || draft.some((a) => a.uploading === true);
  useEffect(() => {
    void ensureSubscriptions();
  }, [ensureSubscriptions]);

  const submit = async (event?: SyntheticEvent): Promise<void> => {
    event?.preventDefault();
    const value = text.trim();
    if ((!value && draft.length === 0) || running || attaching) return;
    setText('');
    const attached = takeDraft();
    const result = await send(
      value,
      attached.length > 0
        ? { inputs: draftInputs(attached), shown: attached.map(shownAttachment) }
        : undefined,
    );
    // Refused: the words come back, unless the person already started typing new ones.
    if (result.ok) onSent(result.conversationId);
    else {
      setText((current) => current || value);
      restoreDraft(attached);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // An input method composing Chinese uses Enter to pick characters: not a send.
    if (event.nativeEvent.isComposing) return;
    // An open `@` or `/` menu takes the arrows, Enter, Tab and Esc.
    if (menus.listKeys(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && running) {
      event.preventDefault();
      void stop();
    }
  };

  const hasFiles = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files');
  const onDrop = (event: DragEvent<HTMLFormElement>): void => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDropping(false);
    void attachFiles([...event.dataTransfer.files]);
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0) return;
    // A screenshot or copied file: attached, not pasted as its name.
    event.preventDefault();
    void attachFiles(pasted);
  };

  return (
    <form
      className={`composer${dropping ? ' composer--dropping' : ''}`}
      onSubmit={(e) => void submit(e)}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
      data-testid="composer"
    >
      {dropping && (
        <div className="composer__drop" aria-hidden="true">
          {t('files.drop')}
        </div>
      )}
      <ComposerMenus menus={menus} />
      <ComposerChips />
      <AppContextChips />
      <label htmlFor="composer-input" className="sr-only">
        {t('chat.composerLabel', { name })}
      </label>
      <textarea
        id="composer-input"
        className="composer__input"
        placeholder={t('chat.composerPlaceholder', { name })}
        ref={inputRef}
        value={text}
        rows={1}
        autoFocus
        onChange={(e) => {
          // A reply is coming: fetch the Markdown renderer while the person writes.
          preloadMarkdown();
          setText(e.target.value);
          menus.track(e.target.value, e.target.selectionStart);
        }}
        onSelect={(e) => menus.track(e.currentTarget.value, e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-controls={menus.list && menus.via === 'typed' ? MENU_ID : undefined}
        aria-activedescendant={menus.via === 'typed' ? activeOptionId(menus) : undefined}
        aria-describedby="composer-hint"
      />
      <div className="composer__bar">
        <FileButton />
        <AttachButton onClick={menus.openPicker} />
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
            disabled={empty || attaching}
            data-testid="send"
          >
            {t('chat.send')}
          </button>
        )}
      </div>
    </form>
  );
}
