import katex from 'katex';
import { useLayoutEffect, useRef } from 'react';

/**
 * TeX rendered by KaTeX straight into the DOM. KaTeX's DOM builder sets styles through the
 * CSSOM, which the `style-src 'self'` CSP allows; its HTML-string output (what rehype-katex
 * parses) would need inline style attributes, which the CSP blocks.
 */
export function MathFormula({ tex, display }: { tex: string; display: boolean }) {
  const inline = useRef<HTMLSpanElement>(null);
  const block = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = display ? block.current : inline.current;
    if (!element) return;
    // A formula still being streamed shows as red source instead of throwing.
    katex.render(tex, element, { displayMode: display, throwOnError: false, strict: 'ignore' });
  }, [tex, display]);
  return display ? (
    <div ref={block} className="math math--display" data-testid="math" />
  ) : (
    <span ref={inline} className="math math--inline" data-testid="math" />
  );
}
