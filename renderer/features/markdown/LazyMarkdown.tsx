import { lazy, Suspense } from 'react';

const load = () => import('./Markdown');
const Rendered = lazy(async () => ({ default: (await load()).Markdown }));

/**
 * Starts loading the Markdown renderer (parser, highlighter, KaTeX: most of the bundle) before
 * a reply needs it, once the person writes: the page a person first sees never carries it.
 */
export function preloadMarkdown(): void {
  void load();
}

/** Markdown, with the plain text shown for the moment the renderer is still loading. */
export function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <Suspense fallback={<p className="markdown markdown--plain">{text}</p>}>
      <Rendered text={text} streaming={streaming} />
    </Suspense>
  );
}
