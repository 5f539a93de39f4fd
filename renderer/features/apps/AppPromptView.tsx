import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { errorInfo } from '../../stores/loadable';
import type { AppPromptRequest } from './useAppPrompt';
import { useErrorText } from '../../i18n/hostText';

/**
 * What an App wants done in the person's name, shown before it happens: a message it wrote
 * (sent only with "Send"), or files it wants saved.
 */
export function AppPromptView({
  prompt,
  label,
  onAnswer,
  send,
}: {
  prompt: AppPromptRequest;
  label: string;
  onAnswer: (accepted: boolean) => void;
  send: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (prompt.kind === 'message') {
    const onSend = (): void => {
      setBusy(true);
      setError(null);
      send(prompt.text).then(
        () => onAnswer(true),
        (failure: unknown) => {
          setBusy(false);
          setError(errorText(errorInfo(failure)));
        },
      );
    };
    return (
      <Prompt
        kind="message"
        title={t('apps.messageTitle', { name: label })}
        accept={t('apps.messageSend')}
        refuse={t('apps.messageDiscard')}
        busy={busy}
        error={error}
        onAccept={onSend}
        onRefuse={() => onAnswer(false)}
      >
        <blockquote className="app-prompt__message">{prompt.text}</blockquote>
      </Prompt>
    );
  }
  return (
    <Prompt
      kind="download"
      title={t('apps.downloadTitle', { name: label, count: prompt.files.length })}
      accept={t('apps.downloadSave')}
      refuse={t('apps.downloadCancel')}
      busy={false}
      error={null}
      onAccept={() => onAnswer(true)}
      onRefuse={() => onAnswer(false)}
    >
      <ul className="app-prompt__files">
        {prompt.files.map((file, index) => (
          <li key={index}>
            <code>{file.name}</code>{' '}
            <span className="muted">
              {file.data ? formatBytes(file.data.size) : t('apps.downloadLinked')} · {file.mimeType}
            </span>
          </li>
        ))}
      </ul>
    </Prompt>
  );
}

/** A question on the card: what the App wants, and the person's two answers. */
function Prompt(props: {
  kind: 'message' | 'download';
  title: string;
  accept: string;
  refuse: string;
  busy: boolean;
  error: string | null;
  onAccept: () => void;
  onRefuse: () => void;
  children: ReactNode;
}) {
  const accept = props.kind === 'message' ? 'app-message-send' : 'app-download-save';
  return (
    <div
      className="app-prompt"
      role="group"
      aria-label={props.title}
      data-testid={`app-${props.kind}-prompt`}
    >
      <p className="app-prompt__title">{props.title}</p>
      {props.children}
      {props.error && (
        <p className="app-prompt__error" role="alert">
          {props.error}
        </p>
      )}
      <div className="app-prompt__actions">
        <button
          type="button"
          className="button button--primary button--small"
          disabled={props.busy}
          onClick={props.onAccept}
          data-testid={accept}
        >
          {props.accept}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={props.busy}
          onClick={props.onRefuse}
        >
          {props.refuse}
        </button>
      </div>
    </div>
  );
}
