import { AppError } from '../../shared/errors';
import { hostText, type HostText, type HostTextParam } from '../../shared/text/hostText';

/** The parts of Electron's `app` the launch uses; injected so the wiring can be tested. */
export interface AppLifecycle {
  requestSingleInstanceLock(): boolean;
  releaseSingleInstanceLock(): void;
  whenReady(): Promise<unknown>;
  quit(): void;
  exit(code: number): void;
  on(event: 'second-instance', listener: () => void): unknown;
}

export interface RunAppOptions {
  app: AppLifecycle;
  /** Builds the host core and opens the window; rejects when Switchboard cannot run. */
  start: () => Promise<void>;
  /** Brings the window of this instance forward (another launch was attempted). */
  onSecondInstance: () => void;
  /** A native, modal error box (Electron's `dialog.showErrorBox`) in the person's language. */
  showError: (title: HostText, body: HostText) => void;
  /** Where the failure is written for later reading (the main log), then flushed. */
  logFailure: (error: unknown) => Promise<void>;
  /** The main log's path, named in the dialog. */
  logFile: string;
}

/** How a launch ended: running, handed to the instance already running, or failed. */
export type RunAppResult = 'started' | 'second-instance' | 'failed';

/**
 * The Electron app's launch: one instance per data dir; a failed start (the history database
 * cannot open, the data dir is not writable…) is logged, shown in a native dialog with the reason
 * and the log's path, frees the single-instance lock and exits non-zero, so the next launch
 * starts afresh instead of handing over to a process without a window.
 */
export async function runApp(options: RunAppOptions): Promise<RunAppResult> {
  const { app } = options;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return 'second-instance';
  }
  app.on('second-instance', options.onSecondInstance);
  try {
    await app.whenReady();
    await options.start();
    return 'started';
  } catch (error) {
    await options.logFailure(error).catch(() => undefined);
    try {
      options.showError(
        hostText('startup.failedTitle'),
        hostText('startup.failed', { reason: reasonOf(error), log: options.logFile }),
      );
    } catch {
      // No dialog can be shown (no display): the log and the exit code still tell.
    }
    app.releaseSingleInstanceLock();
    app.exit(1);
    return 'failed';
  }
}

/** The person-facing reason: one of main's messages (translated), else the error's own words. */
function reasonOf(error: unknown): HostTextParam {
  if (error instanceof AppError && error.text) return error.text;
  return error instanceof Error ? error.message : String(error);
}
