import { useRef, useState, type ComponentPropsWithoutRef } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ExtraProps } from 'react-markdown';

/** The language a fenced block names (`language-ts` on its <code>), if any. */
function languageOf(node: ExtraProps['node']): string | undefined {
  const code = node?.children[0];
  if (code?.type !== 'element') return undefined;
  const classes = code.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const found = list.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return found?.slice('language-'.length);
}

/** A fenced code block with its language and a copy button. */
export function CodeBlock({ children, node }: ComponentPropsWithoutRef<'pre'> & ExtraProps) {
  const { t } = useSharedTranslation();
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(node);
  // Display math arrives as a code block; it is a formula, not code to copy.
  if (language === 'math') return <>{children}</>;
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(pre.current?.textContent ?? '');
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (an insecure context, a denied permission): the text stays selectable.
    }
  };
  return (
    <div className="code-frame">
      <div className="code-frame__bar">
        <span className="code-frame__language">{language ?? ''}</span>
        <button
          type="button"
          className="code-frame__copy"
          onClick={() => void copy()}
          aria-label={t('chat.copyCode')}
        >
          {copied ? t('chat.copied') : t('chat.copy')}
        </button>
      </div>
      <pre ref={pre} className="code-frame__pre">
        {children}
      </pre>
    </div>
  );
}
