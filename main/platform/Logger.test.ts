import { mkdtemp, readFile, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../shared/errors';
import { createLogger } from './Logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-logger-'));
});

async function lines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('createLogger', () => {
  it('writes JSON lines with level, time, subsystem and message, children named by path', async () => {
    const file = join(dir, 'logs', 'main.log');
    const log = createLogger({ file, consoleLevel: 'silent' }, 'web');
    log.info('started', { port: 8080 });
    log.child('ipc').child('socket').debug('frame', { bytes: 12 });
    await log.flush();
    const [first, second] = await lines(file);
    expect(first).toMatchObject({
      level: 'info',
      subsystem: 'web',
      message: 'started',
      port: 8080,
    });
    expect(typeof first?.time).toBe('string');
    expect(second).toMatchObject({ level: 'debug', subsystem: 'web.ipc.socket', message: 'frame' });
    // Written once, not once per child level.
    expect((await readFile(file, 'utf8')).match(/"subsystem"/g)).toHaveLength(2);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('keeps an error’s stack, code, data and cause, with secrets redacted everywhere', async () => {
    const file = join(dir, 'main.log');
    const log = createLogger({ file, consoleLevel: 'silent' });
    const secret = 'sk-ant-api03-abcdefghijklmnop';
    const cause = new Error(`upstream said ${secret}`);
    const error = new AppError(AppErrorCode.LlmAuth, `bad key ${secret}`, { url: '/cb?code=xyz' });
    (error as Error & { cause?: unknown }).cause = cause;
    log.error('request failed', {
      error,
      apiKey: secret,
      headers: { Authorization: 'Bearer abcdefghij' },
    });
    await log.flush();
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('abcdefghij');
    expect(text).not.toContain('xyz');
    const [record] = await lines(file);
    const logged = record?.error as Record<string, unknown>;
    expect(logged.type).toBe('AppError');
    expect(logged.message).toMatch(/^bad key \[redacted\]/);
    expect(String(logged.stack)).toMatch(/at .*Logger\.test\.ts/);
    expect(logged.code).toBe('LLM_AUTH');
    expect(logged.data).toEqual({ url: '/cb?code=[redacted]' });
    expect(logged.cause).toMatchObject({ type: 'Error', message: 'upstream said [redacted]' });
    expect(record?.apiKey).toBe('[redacted]');
  });

  it('writes in the background: the call returns before the line is on disk', async () => {
    const file = join(dir, 'main.log');
    const log = createLogger({ file, consoleLevel: 'silent' });
    log.info('later');
    await expect(readFile(file, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await log.flush();
    expect(await readFile(file, 'utf8')).toContain('"later"');
  });

  it('rotates by size and keeps a bounded number of files', async () => {
    const file = join(dir, 'main.log');
    const log = createLogger({ file, consoleLevel: 'silent', maxBytes: 4096, generations: 3 });
    for (let i = 0; i < 400; i++) log.info('line', { i, padding: 'x'.repeat(80) });
    await log.flush();
    expect((await readdir(dir)).sort()).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    for (const name of ['main.log', 'main.log.1', 'main.log.2']) {
      expect((await stat(join(dir, name))).size).toBeLessThanOrEqual(4096);
    }
    // The newest line is in the live file, in order after the one before it.
    const newest = await lines(file);
    expect(newest.at(-1)).toMatchObject({ i: 399 });
  });
});
