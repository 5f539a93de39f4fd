import type { IpcMain } from 'electron';
import { AppError, AppErrorCode } from '../../shared/errors';
import { hostText } from '../../shared/text/hostText';
import { fail, ok } from '../../shared/ipc/envelope';
import { JsonReply } from '../../shared/ipc/JsonReply';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/ipc/names';
import type { HostEvents } from '../services/base/HostEvents';
import type { Dispatch } from './createDispatcher';
import { isTrustedSender } from './isTrustedSender';

/** The part of a BrowserWindow this adapter uses. */
export interface IpcWindow {
  isDestroyed(): boolean;
  webContents: { id: number; send(channel: string, ...args: unknown[]): void };
}

export interface IpcOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  dispatch: Dispatch;
  events: HostEvents;
  allowedOrigins: readonly string[];
  windows: () => readonly IpcWindow[];
}

/** Electron adapter of the contract: sender check, then the shared dispatcher. */
export function registerIpc(options: IpcOptions): () => void {
  options.ipcMain.handle(INVOKE_CHANNEL, async (event, name: unknown, input: unknown) => {
    const fromOurWindow = options.windows().some((w) => w.webContents.id === event.sender.id);
    if (!fromOurWindow || !isTrustedSender(event.senderFrame?.url, options.allowedOrigins)) {
      return fail(new AppError(AppErrorCode.Forbidden, hostText('protocol.untrustedFrame')));
    }
    const envelope = await options.dispatch(name, input);
    // IPC clones values: an answer built as JSON crosses as the value it stands for.
    return envelope.ok && envelope.value instanceof JsonReply
      ? ok(envelope.value.parse())
      : envelope;
  });
  const unsubscribe = options.events.subscribe((name, payload) => {
    for (const win of options.windows()) {
      if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    unsubscribe();
    options.ipcMain.removeHandler(INVOKE_CHANNEL);
  };
}
