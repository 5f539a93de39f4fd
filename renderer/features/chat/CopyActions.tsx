import { Check, ChevronDown, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import { copyText } from '../../components/copyText';
import { ItemMenu } from '../conversations/ItemMenu';

/** How long "Copied" shows before the button is ready again. */
const CONFIRM_MS = 1500;

/**
 * Copy for one message: the button copies the Markdown as written (a person's message: their
 * words); a reply's menu also offers plain text, as shown on screen without Markdown marks.
 */
export function CopyActions({ markdown, withPlain }: { markdown: string; withPlain: boolean }) {
  const { t } = useSharedTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async (plain: boolean): Promise<void> => {
    const text = plain
      ? (await import('../markdown/markdownToPlainText')).markdownToPlainText(markdown)
      : markdown;
    setState((await copyText(text)) ? 'copied' : 'failed');
  };
  const label = state === 'copied' ? t('messageActions.copied') : t('messageActions.copy');
  return (
    <span className="copy-actions">
      <button
        type="button"
        className="icon-button message-action"
        aria-label={label}
        title={label}
        onClick={() => void copy(false)}
        data-testid="copy-message"
      >
        {state === 'copied' ? <Check /> : <Copy />}
      </button>
      {withPlain && (
        <ItemMenu
          label={t('messageActions.copyOptions')}
          buttonClassName="message-action message-action--narrow"
          icon={<ChevronDown />}
          testId="copy-options"
          entries={[
            {
              key: 'markdown',
              label: t('messageActions.copyMarkdown'),
              onSelect: () => void copy(false),
            },
            {
              key: 'plain',
              label: t('messageActions.copyPlain'),
              onSelect: () => void copy(true),
            },
          ]}
        />
      )}
      <span className="sr-only" role="status">
        {state === 'copied' ? t('messageActions.copied') : ''}
      </span>
      {state === 'failed' && (
        <span className="field__error copy-actions__error" role="alert">
          {t('messageActions.copyFailed')}
        </span>
      )}
    </span>
  );
}
