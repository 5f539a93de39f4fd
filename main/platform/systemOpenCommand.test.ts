import { describe, expect, it } from 'vitest';
import { systemOpenCommand } from './systemOpenCommand';

const hostile = [
  'https://auth.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000&state=x',
  'https://example.com/?q=1&calc.exe|whoami^&& del C:\\*',
  'https://example.com/a b"c\'d%<>`$(x)',
];

describe('systemOpenCommand', () => {
  it('opens on Windows with rundll32 by full path and the URL as one untouched argument', () => {
    for (const url of hostile) {
      const open = systemOpenCommand(url, 'win32', { SystemRoot: 'C:\\Windows' });
      expect(open?.command).toBe('C:\\Windows\\System32\\rundll32.exe');
      expect(open?.args).toEqual(['url.dll,FileProtocolHandler', new URL(url).href]);
      // Every `&` of the OAuth URL is still there: nothing cut it short.
      expect(open?.args[1]?.split('&').length).toBe(url.split('&').length);
      // Nothing a command line would split on or unquote (spaces and quotes are encoded).
      expect(open?.args[1]).not.toMatch(/[\s"]/);
    }
  });

  it('never involves a shell on any platform', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      const open = systemOpenCommand(hostile[1] ?? '', platform);
      expect(open?.command).not.toMatch(/(^|[\\/])(cmd|sh|bash|powershell)(\.exe)?$/i);
      expect(open?.args).not.toContain('/c');
      expect(open?.args.at(-1)).toBe(new URL(hostile[1] ?? '').href);
    }
    expect(systemOpenCommand('https://x.test/', 'darwin')).toEqual({
      command: '/usr/bin/open',
      args: ['https://x.test/'],
    });
    expect(systemOpenCommand('http://127.0.0.1:4000/?token=t', 'linux')).toEqual({
      command: 'xdg-open',
      args: ['http://127.0.0.1:4000/?token=t'],
    });
  });

  it('refuses what may not leave the app', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://example.com/',
      'https://user:pw@example.com/',
      '\\\\server\\share',
      '-version',
      'not a url',
    ]) {
      expect(systemOpenCommand(url, 'win32'), url).toBeUndefined();
    }
  });
});
