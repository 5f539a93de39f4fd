import { describe, expect, it } from 'vitest';
import { ConfirmingExternalOpener } from './ConfirmingExternalOpener';

/** A shell whose dialog answers `answer`; records what was asked and launched. */
function shell(answer: boolean) {
  const asked: string[] = [];
  const launched: string[] = [];
  const opener = new ConfirmingExternalOpener({
    confirm: (url) => {
      asked.push(url);
      return Promise.resolve(answer);
    },
    launch: (url) => {
      launched.push(url);
      return Promise.resolve();
    },
  });
  return { opener, asked, launched };
}

describe('ConfirmingExternalOpener', () => {
  it('asks before opening when nobody consented yet', async () => {
    const s = shell(true);
    expect(await s.opener.openExternal('https://example.com/page')).toBe(true);
    expect(s.asked).toEqual(['https://example.com/page']);
    expect(s.launched).toEqual(['https://example.com/page']);
  });

  it('opens nothing when the person says no in the dialog', async () => {
    const s = shell(false);
    expect(await s.opener.openExternal('https://example.com/page')).toBe(false);
    expect(s.asked).toHaveLength(1);
    expect(s.launched).toEqual([]);
  });

  it('does not ask again when the person consented in our own UI', async () => {
    const s = shell(false);
    expect(await s.opener.openExternal('https://example.com/a', { consented: true })).toBe(true);
    expect(await s.opener.openExternal('http://127.0.0.1:5173/cb', { consented: true })).toBe(true);
    expect(s.asked).toEqual([]);
    expect(s.launched).toEqual(['https://example.com/a', 'http://127.0.0.1:5173/cb']);
  });

  it('still refuses what may never leave the app, consent or not', async () => {
    const s = shell(true);
    for (const url of [
      'http://example.com/plain',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@example.com/',
      'not a url',
    ]) {
      expect(await s.opener.openExternal(url, { consented: true })).toBe(false);
      expect(await s.opener.openExternal(url)).toBe(false);
    }
    expect(s.asked).toEqual([]);
    expect(s.launched).toEqual([]);
  });
});
