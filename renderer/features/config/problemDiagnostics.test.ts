import { describe, expect, it } from 'vitest';
import { lineColumnOf, problemDiagnostics, problemRange } from './problemDiagnostics';

const text = '{\n  "mcpServers": {\n    "fs": { "command": 42 }\n  }\n}\n';

describe('problem positions', () => {
  it('prefers offset and length', () => {
    const offset = text.indexOf('42');
    expect(
      problemRange(
        { severity: 'error', message: 'm', offset, length: 2, line: 9, column: 9 },
        text,
      ),
    ).toEqual({ from: offset, to: offset + 2 });
  });

  it('falls back to 1-based line and column, marking the token there', () => {
    const range = problemRange({ severity: 'error', message: 'm', line: 3, column: 5 }, text);
    expect(text.slice(range?.from, range?.to)).toBe('"fs"');
    const number = problemRange({ severity: 'warning', message: 'm', line: 3, column: 24 }, text);
    expect(text.slice(number?.from, number?.to)).toBe('42');
  });

  it('clamps positions past the end and skips problems without one', () => {
    expect(problemRange({ severity: 'error', message: 'm', line: 99, column: 1 }, text)).toEqual({
      from: text.length,
      to: text.length,
    });
    expect(problemRange({ severity: 'error', message: 'm', offset: 10_000 }, text)).toEqual({
      from: text.length,
      to: text.length,
    });
    expect(problemRange({ severity: 'error', message: 'whole file' }, text)).toBeNull();
  });

  it('becomes lint diagnostics with the path in the message', () => {
    expect(
      problemDiagnostics(
        [
          {
            severity: 'error',
            message: 'Expected a string',
            path: 'mcpServers.fs.command',
            offset: text.indexOf('42'),
            length: 2,
          },
          { severity: 'error', message: 'no position' },
        ],
        text,
      ),
    ).toEqual([
      {
        from: text.indexOf('42'),
        to: text.indexOf('42') + 2,
        severity: 'error',
        message: 'Expected a string (mcpServers.fs.command)',
        source: 'Switchboard',
      },
    ]);
  });

  it('maps offsets back to line and column for the list', () => {
    expect(lineColumnOf(text, text.indexOf('"fs"'))).toEqual({ line: 3, column: 5 });
    expect(lineColumnOf(text, 0)).toEqual({ line: 1, column: 1 });
  });
});
