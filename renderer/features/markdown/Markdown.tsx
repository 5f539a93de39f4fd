import { memo } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './CodeBlock';
import { MarkdownImage, MarkdownLink, MarkdownTable } from './markdownElements';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm, remarkMath];
const rehypePlugins: Options['rehypePlugins'] = [
  // A formula still being typed by the stream shows as source, not as an error dialog.
  [rehypeKatex, { throwOnError: false, strict: 'ignore' }],
  // Only fenced blocks that name their language: guessing is slow on long answers.
  [rehypeHighlight, { detect: false }],
];
const components: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: CodeBlock,
  table: MarkdownTable,
};

/**
 * Markdown from the model, rendered safely: raw HTML is dropped (never parsed), links open
 * outside the app, remote images are links rather than requests. GFM tables, KaTeX math and
 * highlighted code. Memoized on the text, so a streaming reply re-renders only its own block.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        skipHtml
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
