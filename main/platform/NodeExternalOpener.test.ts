import { describe, expect, it } from 'vitest';
import { browserNote } from '../web/browserNote';
import { tryOpenWithSystem } from './NodeExternalOpener';

const node = (code: string) => ({ command: process.execPath, args: ['-e', code] });
const url = 'http://127.0.0.1:5173/?token=x';

describe('tryOpenWithSystem (real processes)', () => {
  it('an opener that exits 0 opened the browser', async () => {
    expect(await tryOpenWithSystem(url, { command: node('process.exit(0)') })).toEqual({
      opened: true,
    });
  });

  it('an opener that fails (xdg-open with no browser exits 3) did not', async () => {
    expect(await tryOpenWithSystem(url, { command: node('process.exit(3)') })).toEqual({
      opened: false,
      reason: 'opener-failed',
      detail: `${process.execPath} exited with 3`,
    });
  });

  it('no opener program on this machine is said as such', async () => {
    const outcome = await tryOpenWithSystem(url, {
      command: { command: 'switchboard-no-such-opener', args: [url] },
    });
    expect(outcome).toMatchObject({ opened: false, reason: 'no-opener' });
  });

  it('an opener still running (waiting for its browser) counts as opened', async () => {
    const outcome = await tryOpenWithSystem(url, {
      command: node('setTimeout(() => {}, 1500)'),
      waitMs: 50,
    });
    expect(outcome).toEqual({ opened: true });
  });
});

describe('browserNote', () => {
  it('says why no browser opened, and nothing when one did', () => {
    expect(browserNote(false, { opened: true })).toBeUndefined();
    expect(browserNote(true, undefined)).toBe(
      'No browser opened (--no-open): open the address below.',
    );
    expect(
      browserNote(false, {
        opened: false,
        reason: 'opener-failed',
        detail: 'xdg-open exited with 3',
      }),
    ).toBe('No browser opened (xdg-open exited with 3): open the address below in yours.');
  });
});
