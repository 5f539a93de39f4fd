import { describe, expect, it } from 'vitest';
import { cleanTerminalText, terminalJson } from './terminalText';

const ESC = '\u001b';

describe('cleanTerminalText', () => {
  it.each([
    [
      'OSC 8 hyperlink, ST-terminated',
      `a ${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\ b`,
      'a link b',
    ],
    ['OSC title, BEL-terminated, with spaces', `a${ESC}]0;my window title\u0007b`, 'ab'],
    ['OSC, 8-bit introducer and ST', `a\u009d0;title\u009cb`, 'ab'],
    ['DCS, with intermediate bytes', `a${ESC}P+q544e${ESC}\\b`, 'ab'],
    [
      'APC, PM and SOS strings',
      `a${ESC}_apc${ESC}\\b${ESC}^pm${ESC}\\c${ESC}Xsos${ESC}\\d`,
      'abcd',
    ],
    ['CSI: clear screen, cursor home, colours', `${ESC}[2J${ESC}[H${ESC}[1;31mred${ESC}[0m`, 'red'],
    ['CSI with private and intermediate bytes', `a${ESC}[?25l${ESC}[1 qb`, 'ab'],
    ['8-bit CSI (C1)', `a\u009b2Jb\u009b31mc`, 'abc'],
    ['other escape sequences (RIS, charset, DECSC)', `a${ESC}cb${ESC}(Bc${ESC}7d`, 'abcd'],
    ['backspaces that would erase text', 'safe\b\b\b\bevil', 'safeevil'],
    ['a carriage return that would overwrite the line', 'rm -rf /\rls', 'rm -rf /ls'],
    ['BEL, NUL, vertical tab, form feed, DEL', 'a\u0007b\u0000c\u000bd\u000ce\u007ff', 'abcdef'],
    ['a lone ESC at the end', `end${ESC}`, 'end'],
    ['an unterminated OSC: its text shows, nothing acts', `a${ESC}]0;no end`, 'a0;no end'],
    [
      'every C1 control',
      `a${Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)).join('')}b`,
      'ab',
    ],
  ])('%s', (_name, input, expected) => {
    expect(cleanTerminalText(input)).toBe(expected);
  });

  it('keeps line feeds, tabs and every printable character, Chinese included', () => {
    const text = 'name\tvalue\n服务器 “quoted” — café 😀 ¡ÿ\u00a0\n';
    expect(cleanTerminalText(text)).toBe(text);
  });

  it('stays linear on many unterminated introducers', () => {
    const text = `${'\u009dx'.repeat(200_000)}${`${ESC}]`.repeat(200_000)}`;
    const started = performance.now();
    expect(cleanTerminalText(text)).toBe('x'.repeat(200_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('terminalJson', () => {
  it('escapes every control character, C1 and DEL included, and parses to the same value', () => {
    const every = Array.from({ length: 0xa0 }, (_, i) => String.fromCharCode(i)).join('');
    const value = { text: `${every}${ESC}]8;;https://x/${ESC}\\`, list: [every] };
    const json = terminalJson(value, 2);
    const controls = Array.from(json).filter((char) => {
      const code = char.charCodeAt(0);
      return (code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f);
    });
    expect(controls).toEqual([]);
    expect(json).toContain('\\u001b');
    expect(json).toContain('\\u009b');
    expect(json).toContain('\\u007f');
    expect(JSON.parse(json)).toEqual(value);
    // The same layout as JSON.stringify: scripts see the same document.
    expect(terminalJson({ a: [1, 'b'] }, 2)).toBe(JSON.stringify({ a: [1, 'b'] }, null, 2));
    expect(terminalJson({ a: 1 })).toBe('{"a":1}');
  });
});
