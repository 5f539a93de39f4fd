import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ConfigProblem } from './ConfigProblem';
import { createLineLocator, type TextPosition } from './createLineLocator';
import {
  formatHostText,
  hostText,
  type HostText,
  type HostTextKey,
} from '../../../shared/text/hostText';

export interface JsonDocument {
  /** The parse tree; undefined for an empty (whitespace-only) text or when nothing parsed. */
  root: Node | undefined;
  /** Syntax errors, in text order. When there are any, `root` is a best-effort recovery. */
  problems: ConfigProblem[];
  /** Offset → 1-based line/column in this text. */
  locate: (offset: number) => TextPosition;
}

export interface ParseJsonOptions {
  /**
   * The servers file is strict JSON; files we import (VS Code's `mcp.json`) may carry comments
   * and trailing commas, which their own apps accept.
   */
  lenient: boolean;
}

// A cascade of recovery errors after the first real one helps nobody.
const MAX_SYNTAX_PROBLEMS = 20;
/** Far deeper than any servers file; the parser and the validation below recurse per level. */
export const MAX_JSON_DEPTH = 100;

/**
 * Parses JSON with jsonc-parser (for offsets and error recovery) and turns its error codes into
 * sentences a person can act on.
 */
export function parseJsonDocument(text: string, options: ParseJsonOptions): JsonDocument {
  // A UTF-8 BOM is not JSON but editors on Windows write one; a space keeps every offset intact.
  const source = text.startsWith('\uFEFF') ? ' ' + text.slice(1) : text;
  const locate = createLineLocator(text);
  if (source.trim() === '') return { root: undefined, problems: [], locate };
  const deep = tooDeepAt(source, MAX_JSON_DEPTH);
  if (deep !== undefined) {
    // Checked without recursion first: parsing this would overflow the stack.
    const { line, column } = locate(deep);
    const text = hostText('config.json.tooDeep', { max: MAX_JSON_DEPTH });
    const message = formatHostText(text);
    return {
      root: undefined,
      problems: [
        { severity: 'error', kind: 'syntax', message, text, line, column, offset: deep, length: 1 },
      ],
      locate,
    };
  }
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, {
    disallowComments: !options.lenient,
    allowTrailingComma: options.lenient,
    allowEmptyContent: false,
  });
  const problems: ConfigProblem[] = [];
  const seenOffsets = new Set<number>();
  for (const error of errors) {
    const described = describe(error, source);
    // jsonc-parser often reports two codes for one mistake at the same place; keep the first.
    if (seenOffsets.has(described.offset)) continue;
    seenOffsets.add(described.offset);
    const { line, column } = locate(described.offset);
    problems.push({
      severity: 'error',
      kind: 'syntax',
      message: formatHostText(described.text),
      text: described.text,
      line,
      column,
      offset: described.offset,
      length: described.length,
    });
    if (problems.length >= MAX_SYNTAX_PROBLEMS) break;
  }
  return { root, problems, locate };
}

interface Described {
  text: HostText;
  offset: number;
  length: number;
}

function describe(error: ParseError, text: string): Described {
  const { offset, length } = error;
  const at = (key: HostTextKey, params?: Record<string, string>): Described => ({
    text: hostText(key, params),
    offset,
    length,
  });
  const found = text.slice(offset, offset + Math.max(length, 1));
  const atEnd = text.slice(offset).trim() === '';
  // `ParseErrorCode` is an ambient const enum (unusable under isolatedModules); its names are not.
  const code = printParseErrorCode(error.error);
  switch (code) {
    case 'PropertyNameExpected':
    case 'ValueExpected': {
      const comma = trailingCommaBefore(text, offset);
      if (comma !== undefined) {
        return {
          text: hostText('config.json.trailingComma', { found }),
          offset: comma,
          length: 1,
        };
      }
      if (atEnd) return at('config.json.incomplete');
      if (code === 'ValueExpected') {
        return at('config.json.valueExpected');
      }
      return at(
        found.startsWith("'") ? 'config.json.singleQuotedName' : 'config.json.nameExpected',
        { found: quote(found) },
      );
    }
    case 'InvalidSymbol':
      return at(
        found.startsWith("'") ? 'config.json.singleQuotedString' : 'config.json.unexpected',
        { found: quote(found) },
      );
    case 'InvalidNumberFormat':
      return at('config.json.number');
    case 'ColonExpected':
      return at('config.json.colon');
    case 'CommaExpected':
      return at('config.json.comma');
    case 'CloseBraceExpected':
      return at(atEnd ? 'config.json.missingBrace' : 'config.json.braceExpected');
    case 'CloseBracketExpected':
      return at(atEnd ? 'config.json.missingBracket' : 'config.json.bracketExpected');
    case 'EndOfFileExpected':
      return at('config.json.afterEnd');
    case 'InvalidCommentToken':
      return at('config.json.comment');
    case 'UnexpectedEndOfComment':
      return at('config.json.openComment');
    case 'UnexpectedEndOfString':
      return at('config.json.openString');
    case 'UnexpectedEndOfNumber':
      return at('config.json.incompleteNumber');
    case 'InvalidUnicode':
      return at('config.json.unicode');
    case 'InvalidEscapeCharacter':
      return at('config.json.escape');
    case 'InvalidCharacter':
      return at('config.json.control');
    default:
      return at('config.json.invalid');
  }
}

/** Offset of a comma directly before `offset` (only whitespace between), if there is one. */
function trailingCommaBefore(text: string, offset: number): number | undefined {
  const next = text[offset];
  if (next !== '}' && next !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i] ?? '')) i--;
  return text[i] === ',' ? i : undefined;
}

function quote(fragment: string): string {
  const short = fragment.length > 20 ? fragment.slice(0, 20) + '…' : fragment;
  return JSON.stringify(short);
}

/** Offset of the first `[` or `{` nested deeper than `max` (strings and comments skipped). */
function tooDeepAt(text: string, max: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '[' || c === '{') {
      depth += 1;
      if (depth > max) return i;
    } else if (c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}
