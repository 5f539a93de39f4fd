import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RotatingLogFile } from './RotatingLogFile';

describe('RotatingLogFile', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rotating-log-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('appends lines in order, creating the directory', async () => {
    const log = new RotatingLogFile({ dir: path.join(dir, 'logs'), name: 'my server' });
    log.appendLine('one');
    log.appendLine('two');
    await log.flush();
    log.appendLine('three');
    await log.flush();
    expect(log.path).toBe(path.join(dir, 'logs', 'my_server.log'));
    expect(await readFile(log.path, 'utf8')).toBe('one\ntwo\nthree\n');
    if (process.platform !== 'win32') expect((await stat(log.path)).mode & 0o777).toBe(0o600);
  });

  it('rotates by size and keeps the configured number of generations', async () => {
    const log = new RotatingLogFile({ dir, name: 'srv', maxBytes: 100, generations: 3 });
    for (let i = 0; i < 20; i++) {
      log.appendLine(`${String(i).padStart(2, '0')} ${'x'.repeat(26)}`); // 30 bytes per line
      await log.flush();
    }
    expect((await readdir(dir)).sort()).toEqual(['srv.log', 'srv.log.1', 'srv.log.2']);
    for (const name of ['srv.log', 'srv.log.1', 'srv.log.2']) {
      expect((await stat(path.join(dir, name))).size).toBeLessThanOrEqual(100);
    }
    const newest = await readFile(path.join(dir, 'srv.log'), 'utf8');
    expect(newest.trimEnd().split('\n').at(-1)).toMatch(/^19 /);
    const older = await readFile(path.join(dir, 'srv.log.1'), 'utf8');
    expect(older.trimEnd().split('\n').at(-1)).toMatch(/^17 /);
  });

  it('spreads one burst over the generations at line ends, keeping its newest lines', async () => {
    const log = new RotatingLogFile({ dir, name: 'srv', maxBytes: 100, generations: 3 });
    for (let i = 0; i < 20; i++) log.appendLine(`${String(i).padStart(2, '0')} ${'x'.repeat(26)}`);
    await log.flush();
    const files = ['srv.log.2', 'srv.log.1', 'srv.log'];
    const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(100);
      expect(
        text
          .split('\n')
          .slice(0, -1)
          .every((line) => line.length === 29),
      ).toBe(true);
    }
    // Whole lines, oldest to newest without a gap, ending with the newest: about as many as
    // three files of three lines hold (more than one file's worth, unlike a single cut).
    const kept = texts
      .join('')
      .trimEnd()
      .split('\n')
      .map((line) => Number(line.slice(0, 2)));
    expect(kept.length).toBeGreaterThanOrEqual(7);
    expect(kept).toEqual(kept.map((_, i) => 20 - kept.length + i));
  });

  it('continues an existing file and rotates it when it is already full', async () => {
    const first = new RotatingLogFile({ dir, name: 'srv', maxBytes: 50 });
    first.write('a'.repeat(45));
    await first.flush();
    const second = new RotatingLogFile({ dir, name: 'srv', maxBytes: 50 });
    second.write('b'.repeat(10));
    await second.flush();
    expect(await readFile(path.join(dir, 'srv.log.1'), 'utf8')).toBe('a'.repeat(45));
    expect(await readFile(path.join(dir, 'srv.log'), 'utf8')).toBe('b'.repeat(10));
  });

  it('notes what it dropped when writes pile up', async () => {
    const log = new RotatingLogFile({ dir, name: 'srv', maxPendingBytes: 20 });
    log.write('0123456789'); // starts the first write
    log.write('0123456789');
    log.write('0123456789');
    log.write('abcdefghijklmnopqrstuvwxyz'); // beyond the pending cap: dropped
    await log.flush();
    const text = await readFile(log.path, 'utf8');
    expect(text).toContain('bytes dropped');
    expect(text).not.toContain('abcdef');
  });

  it('never throws and reports failures to onError', async () => {
    const errors: unknown[] = [];
    // A file where the directory should be makes every write fail.
    const blocker = path.join(dir, 'blocker');
    await writeFile(blocker, '');
    const log = new RotatingLogFile({ dir: blocker, name: 'srv', onError: (e) => errors.push(e) });
    expect(() => log.appendLine('lost')).not.toThrow();
    await log.flush();
    expect(errors.length).toBe(1);
  });

  it('makes safe file names', () => {
    expect(RotatingLogFile.fileNameFor('github / issues')).toBe('github_issues.log');
    expect(RotatingLogFile.fileNameFor('../../etc/passwd')).toBe('etc_passwd.log');
    expect(RotatingLogFile.fileNameFor('...')).toBe('server.log');
  });
});
