import { AppErrorCode, type AppError } from '../../../../shared/errors';
import { hostText, type HostText } from '../../../../shared/text/hostText';
import type { StdioProcessTransport } from '../session/StdioProcessTransport';

/** How a server's process ended, when it did. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/**
 * How the server's process ended, if it ended on its own. The exit code arrives with the
 * process's exit, which may trail the closed pipe a little: waited for up to half a second.
 */
export async function exitOf(
  transport: StdioProcessTransport | undefined,
): Promise<ProcessExit | undefined> {
  if (!transport || transport.endedByHost) return undefined;
  if (transport.exitInfo) return transport.exitInfo;
  const exited = transport.exited;
  if (!exited) return undefined;
  const timeout = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), 500).unref(),
  );
  return Promise.race([exited, timeout]);
}

/** Says what happened in a person's words: an exit code beats "Connection closed". */
export function describeFailure(
  error: AppError,
  exit: ProcessExit | undefined,
  starting: boolean,
): HostText {
  if (!exit || error.code !== AppErrorCode.McpClosed) {
    return error.text ?? hostText('foreign', { text: error.message });
  }
  if (exit.signal) {
    return hostText(starting ? 'server.signalStarting' : 'server.signal', { signal: exit.signal });
  }
  if (exit.code !== null && exit.code !== 0) {
    return hostText(starting ? 'server.exitCodeStarting' : 'server.exitCode', { code: exit.code });
  }
  return hostText(starting ? 'server.exitedStarting' : 'server.exited');
}
