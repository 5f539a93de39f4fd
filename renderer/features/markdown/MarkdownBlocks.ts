import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

// The parser react-markdown runs, with the same syntax plugins: blocks are cut where it would.
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/** A line ending, then a line of nothing but spaces or tabs, then a line ending. */
const BLANK_LINE = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/;
const LINE_END = /[\r\n]/;
/** A blank line with something after it: without one no new block can have started. */
const BLANK_LINE_THEN_TEXT = /(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)\s*\S/;

/** Nodes whose effect reaches other blocks: `[x]` is a link only where `[x]: url` is defined. */
const CROSS_BLOCK = new Set(['definition', 'footnoteDefinition']);
/** Every definition has `]:` (`[label]: url`, `[^note]: text`): without it, there is none. */
const MAYBE_DEFINITION = /\]:/;

/** A text cut into top-level Markdown blocks. */
export interface BlockSplit {
  /** Blocks that no text appended later can change, in order. */
  finished: readonly string[];
  /** The rest: the block still growing (may be empty). `finished.join('') + tail` is the text. */
  tail: string;
  /** Whether some block defines or uses link definitions or footnotes, which span blocks. */
  crossBlock: boolean;
}

/**
 * Cuts a growing Markdown text into top-level blocks, incrementally: when the text extends the
 * one given before, only the part after the last finished block is parsed again.
 *
 * A block is finished when a blank line and the whole first line of another top-level block
 * follow it.
 * Past that point the parser's state is that of a new document (no open list, quote, fence or
 * HTML block: an open one would have swallowed the following text), so the block parses alone
 * exactly as it does in the whole text. The one thing that spans blocks is a link definition
 * or footnote; `crossBlock` says when those are present, so the caller can render the whole text.
 */
export class MarkdownBlocks {
  private finished: string[] = [];
  /** The finished blocks joined: the text they came from. */
  private prefix = '';
  private crossBlock = false;
  private last: BlockSplit = { finished: [], tail: '', crossBlock: false };

  /** Whether any text was split yet. */
  get started(): boolean {
    return this.last.tail !== '' || this.finished.length > 0;
  }

  split(text: string): BlockSplit {
    if (text === this.prefix + this.last.tail) return this.last;
    if (!text.startsWith(this.prefix)) {
      this.finished = [];
      this.prefix = '';
      this.crossBlock = false;
    }
    let tail = text.slice(this.prefix.length);
    if (BLANK_LINE_THEN_TEXT.test(tail)) {
      const tree = parser.parse(tail);
      const cuts = blockStarts(tail, tree);
      let consumed = 0;
      for (const cut of cuts) {
        this.finished.push(tail.slice(consumed, cut));
        consumed = cut;
      }
      const done = tree.children.filter((node) => (node.position?.start.offset ?? 0) < consumed);
      if (done.some(hasCrossBlock)) this.crossBlock = true;
      this.prefix += tail.slice(0, consumed);
      tail = tail.slice(consumed);
    }
    this.last = {
      finished: [...this.finished],
      tail,
      // The tail is not parsed on every change: a look for `]:` stands in for it (a false
      // alarm only means the whole text is rendered at the end).
      crossBlock: this.crossBlock || MAYBE_DEFINITION.test(tail),
    };
    return this.last;
  }
}

/**
 * Offsets where a finished block ends and the next begins: the start of the line of each
 * top-level node that a blank line separates from the node before it and whose first line is
 * complete. What follows the last
 * cut (its node and any nodes not blank-separated from it) is still growing.
 */
function blockStarts(text: string, tree: Root): number[] {
  const cuts: number[] = [];
  const nodes = tree.children;
  for (let i = 1; i < nodes.length; i++) {
    const previousEnd = nodes[i - 1]?.position?.end.offset;
    const start = nodes[i]?.position?.start.offset;
    if (previousEnd === undefined || start === undefined) continue;
    if (!BLANK_LINE.test(text.slice(previousEnd, start))) continue;
    // Until its first line is whole, the block may yet join the one before: `1` is a
    // paragraph that ends a list, `10. item` continues it.
    if (!LINE_END.test(text.slice(start))) continue;
    cuts.push(lineStart(text, start));
  }
  return cuts;
}

function lineStart(text: string, offset: number): number {
  return Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;
}

function hasCrossBlock(node: Nodes): boolean {
  if (CROSS_BLOCK.has(node.type)) return true;
  return 'children' in node && (node.children as Nodes[]).some(hasCrossBlock);
}
