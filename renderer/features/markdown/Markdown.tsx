import 'katex/dist/katex.min.css';
import { Fragment, memo, useDeferredValue, useState, type ReactElement } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './CodeBlock';
import { MarkdownBlocks, type BlockSplit } from './MarkdownBlocks';
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

/** One top-level block; a finished block's text no longer changes, so it renders once. */
const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return render(text, false);
});

/**
 * The blocks, with the line break react-markdown puts between top-level elements, so the
 * result is the same as rendering the whole text at once.
 */
function renderBlocks({ finished, tail }: BlockSplit): ReactElement[] {
  const blocks = tail ? [...finished, tail] : finished;
  return blocks.map((block, index) => (
    <Fragment key={index}>
      {index > 0 && '\n'}
      <MarkdownBlock text={block} />
    </Fragment>
  ));
}

/**
 * Markdown from the model, rendered safely: raw HTML is dropped, links open outside the app,
 * remote images are links rather than requests. GFM tables, KaTeX math and highlighted code.
 *
 * A text streaming in is cut into top-level blocks ({@link MarkdownBlocks}): each change parses
 * and renders only the last, growing block, so a long reply costs no more per change at its end
 * than at its start. Once it is over the blocks stay (they render as the whole text would),
 * unless link definitions or footnotes span blocks: then the whole text is rendered once.
 * A finished text that never streamed here (history) is rendered whole, and cached.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
}: {
  text: string;
  streaming?: boolean;
}) {
  const [blocks] = useState(() => new MarkdownBlocks());
  // History scrolled into view mounts many rows in one frame: a text not parsed yet shows as
  // plain text first and is parsed in a background render that yields between rows, so no
  // single task parses a screenful of Markdown.
  const parsed = useDeferredValue<string | null>(text, rendered.has(text) ? text : null);
  if (!streaming && !blocks.started) {
    if (parsed === null) return <p className="markdown markdown--plain">{text}</p>;
    return <div className="markdown">{render(parsed, true)}</div>;
  }
  const split = blocks.split(text);
  if (!streaming && split.crossBlock) {
    return <div className="markdown">{render(text, true)}</div>;
  }
  return <div className="markdown">{renderBlocks(split)}</div>;
});
