import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/domain/formatBytes';
import { errorInfo } from '../../stores/loadable';
import type { AppPromptRequest } from './useAppPrompt';

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
          setError(errorInfo(failure).message);
        },
      );
    };
    return (
      <div
        className="app-prompt"
        role="group"
        aria-label={t('apps.messageTitle', { name: label })}
        data-testid="app-message-prompt"
      >
        <p className="app-prompt__title">{t('apps.messageTitle', { name: label })}</p>
        <blockquote className="app-prompt__message">{prompt.text}</blockquote>
        {error && (
          <p className="app-prompt__error" role="alert">
            {error}
          </p>
        )}
        <div className="app-prompt__actions">
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={onSend}
            data-testid="app-message-send"
          >
            {t('apps.messageSend')}
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => onAnswer(false)}
          >
            {t('apps.messageDiscard')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div
      className="app-prompt"
      role="group"
      aria-label={t('apps.downloadTitle', { name: label })}
      data-testid="app-download-prompt"
    >
      <p className="app-prompt__title">
        {t('apps.downloadTitle', { name: label, count: prompt.files.length })}
      </p>
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
      <div className="app-prompt__actions">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => onAnswer(true)}
          data-testid="app-download-save"
        >
          {t('apps.downloadSave')}
        </button>
        <button type="button" className="button button--small" onClick={() => onAnswer(false)}>
          {t('apps.downloadCancel')}
        </button>
      </div>
    </div>
  );
}
