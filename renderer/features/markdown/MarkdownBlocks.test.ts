import type { Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { markdownCorpus } from './markdownCorpus';
import { MarkdownBlocks } from './MarkdownBlocks';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/** The top-level nodes of a text, without positions (a block's offsets differ from the whole). */
function nodesOf(text: string): unknown[] {
  return parser.parse(text).children.map(withoutPositions);
}

function withoutPositions(node: Nodes): unknown {
  const { position: _position, ...rest } = node;
  if ('children' in rest)
    return { ...rest, children: (rest.children as Nodes[]).map(withoutPositions) };
  return rest;
}

/** Every prefix of the text in turn, as a stream delivers it, then the split of the whole. */
function streamed(text: string, step: number) {
  const blocks = new MarkdownBlocks();
  const seen: (readonly string[])[] = [];
  for (let end = 1; end < text.length; end += step)
    seen.push(blocks.split(text.slice(0, end)).finished);
  return { seen, final: blocks.split(text) };
}

describe('MarkdownBlocks', () => {
  for (const [name, text] of Object.entries(markdownCorpus)) {
    describe(name, () => {
      const { seen, final } = streamed(text, 1);

      it('loses and adds nothing: the blocks and the tail are the text', () => {
        expect(final.finished.join('') + final.tail).toBe(text);
      });

      it('never changes a block it called finished as more text arrives', () => {
        for (const finished of seen) {
          expect(final.finished.slice(0, finished.length)).toEqual(finished);
        }
      });

      it('cuts the same whether the text streamed in or came whole', () => {
        const whole = new MarkdownBlocks().split(text);
        expect(whole.finished).toEqual(final.finished);
        expect(whole.tail).toBe(final.tail);
        // Other steps move where parsing happens; the result must not move.
        expect(streamed(text, 7).final).toEqual(final);
      });

      if (!final.crossBlock) {
        it('parses each block alone into what the whole text parses to', () => {
          const blocks = [...final.finished, final.tail];
          expect(blocks.flatMap(nodesOf)).toEqual(nodesOf(text));
        });
      }
    });
  }

  it('keeps a fence, a math block and a list whole across their blank lines', () => {
    expect(new MarkdownBlocks().split(markdownCorpus.fences ?? '').finished).toEqual([
      'Before the fence.\n\n',
      '````markdown\nA fence with a blank line:\n\n```\ninner fence text\n```\n\n````\n\n',
      '~~~\n```\n\ntilde fence holds backticks\n~~~\n\n',
      'Text with ``` in the middle and `` `code` `` spans.\n\n',
      '    indented code\n\n    after a blank line\nparagraph right after\n\n',
    ]);
    const list = new MarkdownBlocks().split('- a\n\n  b\n\n- c\n\n$$\nx\n\ny\n$$\n\nend\n');
    expect(list.finished).toEqual(['- a\n\n  b\n\n- c\n\n', '$$\nx\n\ny\n$$\n\n']);
    expect(list.tail).toBe('end\n');
  });

  it('finishes no block before the next block has a whole first line', () => {
    const blocks = new MarkdownBlocks();
    // `1` alone would end the list; `10. ten` continues it.
    expect(blocks.split('1. one\n\n1').finished).toEqual([]);
    expect(blocks.split('1. one\n\n10. ten\n').finished).toEqual([]);
    expect(blocks.split('1. one\n\n10. ten\n\nafter\n').finished).toEqual([
      '1. one\n\n10. ten\n\n',
    ]);
  });

  it('finishes nothing while a fence is open, whatever blank lines it holds', () => {
    const split = new MarkdownBlocks().split('```\na\n\nb\n\n# not a heading');
    expect(split.finished).toEqual([]);
  });

  it('says when link definitions or footnotes span blocks', () => {
    expect(new MarkdownBlocks().split(markdownCorpus.references ?? '').crossBlock).toBe(true);
    expect(new MarkdownBlocks().split('see [x]\n\nmore\n\n[x]: https://a.b').crossBlock).toBe(true);
    expect(new MarkdownBlocks().split(markdownCorpus.nestedLists ?? '').crossBlock).toBe(false);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const blocks = new MarkdownBlocks();
    blocks.split('one\n\ntwo\n\nthree');
    const split = blocks.split('other\n\ntext\n');
    expect(split.finished).toEqual(['other\n\n']);
    expect(split.tail).toBe('text\n');
  });
});
