import { describe, expect, it } from 'vitest';
import { argsFromText, argsToText, portFromText, scopesFromText } from './formText';

describe('form text fields', () => {
  it('reads one argument per line, keeping spaces inside an argument', () => {
    expect(argsFromText('-y\n@scope/pkg@1.0.0\n\n/path with spaces\r\n')).toEqual([
      '-y',
      '@scope/pkg@1.0.0',
      '/path with spaces',
    ]);
    expect(argsFromText(argsToText(['a b', 'c']))).toEqual(['a b', 'c']);
  });

  it('reads scopes and ports', () => {
    expect(scopesFromText('repo, read:org  user')).toEqual(['repo', 'read:org', 'user']);
    expect(portFromText('33418')).toBe(33418);
    expect(portFromText('')).toBeNull();
    expect(portFromText('70000')).toBeNull();
  });
});
