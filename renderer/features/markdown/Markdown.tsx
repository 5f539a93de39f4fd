import 'katex/dist/katex.min.css';
import { memo, type ReactElement } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './CodeBlock';
import { MarkdownCode, MarkdownImage, MarkdownLink, MarkdownTable } from './markdownElements';

// rehype-highlight builds a highlighter with every common language each time it is attached,
// and react-markdown attaches plugins on every render: build it once and hand out the result.
// Only fenced blocks that name their language are highlighted (guessing is slow), and math
// (remark-math's `language-math` code) is left to KaTeX.
const highlight = rehypeHighlight({ detect: false, plainText: ['math'] });
function rehypeHighlightOnce(): typeof highlight {
  return highlight;
}

const options: Readonly<Options> = {
  remarkPlugins: [remarkGfm, remarkMath],
  rehypePlugins: [rehypeHighlightOnce],
  components: {
    a: MarkdownLink,
    code: MarkdownCode,
    img: MarkdownImage,
    pre: CodeBlock,
    table: MarkdownTable,
  } satisfies Components,
  // Raw HTML in a reply is dropped, never parsed.
  skipHtml: true,
};

/** Rendered trees of finished texts: scrolling back over a long conversation parses nothing. */
const rendered = new Map<string, ReactElement>();
const CACHE_SIZE = 400;

function render(text: string, cache: boolean): ReactElement {
  const hit = rendered.get(text);
  if (hit) {
    // Refresh its place in the insertion order, which doubles as least-recently-used order.
    rendered.delete(text);
    rendered.set(text, hit);
    return hit;
  }
  const tree = ReactMarkdown({ ...options, children: text });
  if (cache) {
    rendered.set(text, tree);
    if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value ?? '');
  }
  return tree;
}

/**
 * Markdown from the model, rendered safely: raw HTML is dropped, links open outside the app,
 * remote images are links rather than requests. GFM tables, KaTeX math and highlighted code.
 * A text still streaming is parsed on each change and not cached.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  return <div className="markdown">{render(text, !streaming)}</div>;
});
