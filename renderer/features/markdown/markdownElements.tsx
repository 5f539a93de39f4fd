import type { ComponentPropsWithoutRef } from 'react';
import { useSharedTranslation } from '../../i18n/sharedTranslation';
import type { ExtraProps } from 'react-markdown';
import { MathFormula } from './MathFormula';

/** Links that can leave the app; anything else (anchors, relative paths) is plain text. */
const EXTERNAL = /^(https?:|mailto:)/i;
/** Inline images the CSP allows and that cannot phone home. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

/**
 * A link from the model. It opens in a new window: the desktop shell denies `window.open`
 * and hands http(s) links to the system browser after asking, the web shell opens a tab.
 */
export function MarkdownLink({
  href,
  children,
  title,
}: ComponentPropsWithoutRef<'a'> & ExtraProps) {
  if (!href || !EXTERNAL.test(href)) return <span className="markdown__link-text">{children}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer" title={title ?? href}>
      {children}
    </a>
  );
}

/** An image: shown when it is inline data, otherwise a link (no request leaves by itself). */
export function MarkdownImage({ src, alt }: ComponentPropsWithoutRef<'img'> & ExtraProps) {
  const { t } = useSharedTranslation();
  const label = t('chat.markdownImage', { alt: alt ?? '' });
  if (typeof src === 'string' && DATA_IMAGE.test(src)) {
    return <img className="markdown__image" src={src} alt={alt ?? ''} />;
  }
  if (typeof src === 'string' && EXTERNAL.test(src)) {
    return (
      <a href={src} target="_blank" rel="noreferrer">
        {label}
      </a>
    );
  }
  return <span>{label}</span>;
}

/** Wide tables scroll inside the reply instead of widening it. */
export function MarkdownTable({ children }: ComponentPropsWithoutRef<'table'> & ExtraProps) {
  return (
    <div className="markdown__table" tabIndex={0}>
      <table>{children}</table>
    </div>
  );
}

/** Inline code, or math: remark-math marks `$…$` and `$$…$$` as `language-math` code. */
export function MarkdownCode({
  className,
  children,
}: ComponentPropsWithoutRef<'code'> & ExtraProps) {
  const classes = className?.split(' ') ?? [];
  if (classes.includes('language-math')) {
    // The formula is the code's text: a string, or (rarely) a list of strings.
    const tex = Array.isArray(children)
      ? children.join('')
      : typeof children === 'string'
        ? children
        : '';
    return <MathFormula tex={tex} display={classes.includes('math-display')} />;
  }
  return <code className={className}>{children}</code>;
}
