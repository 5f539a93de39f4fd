import { describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../shared/errors';
import { hostText, type HostText } from '../../shared/text/hostText';
import { runApp, type AppLifecycle } from './runApp';

/** Electron's `app` as the launch sees it, recording what was done to it, in order. */
function fakeApp(options: { locked?: boolean; ready?: Promise<unknown> } = {}) {
  const calls: string[] = [];
  let lockHeld = false;
  const listeners: (() => void)[] = [];
  const app: AppLifecycle = {
    requestSingleInstanceLock: () => {
      calls.push('requestLock');
      lockHeld = options.locked !== true;
      return lockHeld;
    },
    releaseSingleInstanceLock: () => {
      calls.push('releaseLock');
      lockHeld = false;
    },
    whenReady: () => options.ready ?? Promise.resolve(),
    quit: () => calls.push('quit'),
    exit: (code) => calls.push(`exit ${code}`),
    on: (_event, listener) => listeners.push(listener),
  };
  return { app, calls, listeners, lockHeld: () => lockHeld };
}

function launch(fake: ReturnType<typeof fakeApp>, start: () => Promise<void>) {
  const dialogs: { title: HostText; body: HostText }[] = [];
  const logged: unknown[] = [];
  const focused: string[] = [];
  const result = runApp({
    app: fake.app,
    start,
    logFile: '/data/logs/main.log',
    onSecondInstance: () => focused.push('focus'),
    showError: (title, body) => {
      fake.calls.push('dialog');
      dialogs.push({ title, body });
    },
    logFailure: (error) => {
      fake.calls.push('log');
      logged.push(error);
      return Promise.resolve();
    },
  });
  return { result, dialogs, logged, focused };
}

describe('runApp: the desktop app’s launch', () => {
  it('starts, keeps the lock, and brings its window forward on a second launch', async () => {
    const fake = fakeApp();
    let started = 0;
    const run = launch(fake, () => {
      started++;
      return Promise.resolve();
    });
    await expect(run.result).resolves.toBe('started');
    expect(started).toBe(1);
    expect(fake.lockHeld()).toBe(true);
    expect(fake.calls).toEqual(['requestLock']);
    fake.listeners.forEach((listener) => listener());
    expect(run.focused).toEqual(['focus']);
  });

  it('hands over to the running instance without starting', async () => {
    const fake = fakeApp({ locked: true });
    const run = launch(fake, () => Promise.reject(new Error('must not start')));
    await expect(run.result).resolves.toBe('second-instance');
    expect(fake.calls).toEqual(['requestLock', 'quit']);
    expect(run.dialogs).toEqual([]);
  });

  it('a failed start is logged, shown with the reason and the log, frees the lock and exits 1', async () => {
    const fake = fakeApp();
    const failure = new Error('unable to open database file');
    const run = launch(fake, () => Promise.reject(failure));
    await expect(run.result).resolves.toBe('failed');
    expect(run.logged).toEqual([failure]);
    expect(run.dialogs).toEqual([
      {
        title: hostText('startup.failedTitle'),
        body: hostText('startup.failed', {
          reason: 'unable to open database file',
          log: '/data/logs/main.log',
        }),
      },
    ]);
    // The lock is free before the process ends, so launching again starts afresh.
    expect(fake.calls).toEqual(['requestLock', 'log', 'dialog', 'releaseLock', 'exit 1']);
    expect(fake.lockHeld()).toBe(false);
  });

  it('passes one of main’s messages on as a message (translated in the dialog)', async () => {
    const fake = fakeApp();
    const text = hostText('secrets.unavailable');
    const run = launch(fake, () =>
      Promise.reject(new AppError(AppErrorCode.SecretStoreUnavailable, text)),
    );
    await run.result;
    expect(run.dialogs[0]?.body.params?.reason).toEqual(text);
  });

  it('also fails cleanly when Electron never becomes ready, or logging fails', async () => {
    const fake = fakeApp({ ready: Promise.reject(new Error('GPU process crashed')) });
    const dialogs: HostText[] = [];
    const result = await runApp({
      app: fake.app,
      start: () => Promise.resolve(),
      logFile: '/l',
      onSecondInstance: () => undefined,
      showError: (_title, body) => dialogs.push(body),
      logFailure: () => Promise.reject(new Error('disk full')),
    });
    expect(result).toBe('failed');
    expect(dialogs[0]?.params?.reason).toBe('GPU process crashed');
    expect(fake.calls).toEqual(['requestLock', 'releaseLock', 'exit 1']);
  });

  it('frees the lock and exits even when the dialog itself throws', async () => {
    const fake = fakeApp();
    const result = runApp({
      app: fake.app,
      start: () => Promise.reject(new Error('x')),
      logFile: '/l',
      onSecondInstance: () => undefined,
      showError: () => {
        throw new Error('no display');
      },
      logFailure: () => Promise.resolve(),
    });
    await expect(result).resolves.toBe('failed');
    expect(fake.calls).toEqual(['requestLock', 'releaseLock', 'exit 1']);
  });
});
