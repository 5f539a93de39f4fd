import type { ListItem, Nodes } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkMath).freeze();

/**
 * A reply's Markdown as the text a person reads on screen, for pasting where Markdown would
 * show as punctuation: no `**`, `#` or backticks; paragraphs and list items on their own
 * lines, code and formulas as written, links as "text (url)", table cells tab-separated.
 */
export function markdownToPlainText(markdown: string): string {
  const tree = parser.parse(markdown);
  return blocks(tree.children, '').trim();
}

function blocks(nodes: readonly Nodes[], indent: string): string {
  return nodes
    .map((node) => block(node, indent))
    .filter((text) => text !== '')
    .join('\n\n');
}

function block(node: Nodes, indent: string): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return indent + inline(node.children);
    case 'code':
    case 'math':
      return node.value
        .split('\n')
        .map((line) => indent + line)
        .join('\n');
    case 'blockquote':
      return blocks(node.children, indent);
    case 'list':
      return node.children
        .map((item, index) =>
          listItem(item, indent, node.ordered ? `${(node.start ?? 1) + index}. ` : '- '),
        )
        .join('\n');
    case 'table':
      return node.children
        .map((row) => indent + row.children.map((cell) => inline(cell.children)).join('\t'))
        .join('\n');
    case 'thematicBreak':
    case 'definition':
    case 'html':
      return '';
    default:
      return 'children' in node ? blocks(node.children as Nodes[], indent) : inlineOne(node);
  }
}

function listItem(item: ListItem, indent: string, marker: string): string {
  const check = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
  const inner = blocks(item.children, `${indent}  `).replace(/^\s+/, '');
  return `${indent}${marker}${check}${inner.replace(/\n\n/g, '\n')}`;
}

function inline(nodes: readonly Nodes[]): string {
  return nodes.map(inlineOne).join('');
}

function inlineOne(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
    case 'inlineMath':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
      return node.alt ?? '';
    case 'link': {
      const text = inline(node.children);
      return text === node.url || node.url.startsWith('mailto:') ? text : `${text} (${node.url})`;
    }
    case 'footnoteReference':
      return `[${node.label ?? node.identifier}]`;
    default:
      return 'children' in node ? inline(node.children as Nodes[]) : '';
  }
}
