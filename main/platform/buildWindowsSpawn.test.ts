import { describe, expect, it } from 'vitest';
import { buildWindowsSpawn, escapeCmdArgument, escapeCmdCommand } from './buildWindowsSpawn';

describe('buildWindowsSpawn', () => {
  it('runs .exe and .com files directly, arguments untouched', () => {
    expect(buildWindowsSpawn('C:\\nodejs\\node.EXE', ['a b', 'c"d'])).toEqual({
      file: 'C:\\nodejs\\node.EXE',
      args: ['a b', 'c"d'],
      windowsVerbatimArguments: false,
    });
  });

  it('runs .cmd shims through cmd.exe /d /s /c with one quoted command line', () => {
    const spawn = buildWindowsSpawn(
      'C:\\Program Files\\nodejs\\npx.cmd',
      ['-y', '@scope/server', 'C:\\My Files\\'],
      'C:\\Windows\\system32\\cmd.exe',
    );
    expect(spawn.file).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(spawn.windowsVerbatimArguments).toBe(true);
    expect(spawn.args).toEqual([
      '/d',
      '/s',
      '/c',
      '"C:\\Program^ Files\\nodejs\\npx.cmd ^"-y^" ^"@scope/server^" ^"C:\\My^ Files\\\\^""',
    ]);
  });

  it('treats .bat (and anything else that is not .exe/.com) like a shim', () => {
    expect(buildWindowsSpawn('D:\\x\\serve.bat', []).args).toEqual([
      '/d',
      '/s',
      '/c',
      '"D:\\x\\serve.bat"',
    ]);
  });

  it('escapes twice for npm shims in node_modules\\.bin, which re-parse their arguments', () => {
    const spawn = buildWindowsSpawn('C:\\p\\node_modules\\.bin\\srv.cmd', ['a&b']);
    expect(spawn.args[3]).toBe('"C:\\p\\node_modules\\.bin\\srv.cmd ^^^"a^^^&b^^^""');
  });
});

describe('escapeCmdArgument', () => {
  it('quotes by the C runtime rules', () => {
    // Before caret escaping: "a b", "say \"hi\"", "back\\\\slash\\\\" (trailing doubled).
    expect(escapeCmdArgument('a b')).toBe('^"a^ b^"');
    expect(escapeCmdArgument('say "hi"')).toBe('^"say^ \\^"hi\\^"^"');
    expect(escapeCmdArgument('dir\\')).toBe('^"dir\\\\^"');
    expect(escapeCmdArgument('a\\"b')).toBe('^"a\\\\\\^"b^"');
    expect(escapeCmdArgument('a\\b')).toBe('^"a\\b^"');
    expect(escapeCmdArgument('')).toBe('^"^"');
  });

  it('neutralises cmd.exe operators so they cannot start other commands', () => {
    const escaped = escapeCmdArgument('x & del /q * | more > out < in ^ %PATH% !x!');
    // Every special character is preceded by a caret.
    const unescaped = escaped.replace(/\^./g, '');
    expect(unescaped).not.toMatch(/[&|<>^%!*"]/);
  });
});

describe('escapeCmdCommand', () => {
  it('escapes spaces and parentheses in the program path', () => {
    expect(escapeCmdCommand('C:\\Program Files (x86)\\a.cmd')).toBe(
      'C:\\Program^ Files^ ^(x86^)\\a.cmd',
    );
  });
});
