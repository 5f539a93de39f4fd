import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ProcessJanitor } from '../../main/services/mcp/launch/testing/ProcessJanitor';
import { SAME_ASKS_AS_THE_HOST } from './connectBareClient';
import { ShellSocket } from './ShellSocket';
import { stopChild } from './stopChild';

/** The relay of socketRelay.mjs running, and a socket to it. */
export interface SocketRelay {
  socket: ShellSocket;
  pid: number | undefined;
  stop: () => Promise<void>;
}

/**
 * Starts socketRelay.mjs in front of `node serverScript` (speaking `era`) and connects to it
 * with the same client the bench uses for the web shell. It asks of the server what the host
 * asks (the capabilities, list changes).
 */
export function startSocketRelay(
  serverScript: string,
  era: 'legacy' | 'modern',
  janitor: ProcessJanitor,
): Promise<SocketRelay> {
  const relay = join(process.cwd(), 'scripts', 'bench', 'socketRelay.mjs');
  const asks = JSON.stringify(SAME_ASKS_AS_THE_HOST.capabilities);
  return startRelayProcess([relay, serverScript, era, asks], janitor);
}

/**
 * Runs `node ...args`, a relay that prints the port it listens on as its first line, and
 * connects to it as a window connects to the web shell. The janitor ends it, whatever happens.
 */
export async function startRelayProcess(
  args: readonly string[],
  janitor: ProcessJanitor,
): Promise<SocketRelay> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  janitor.trackPid(child.pid);
  const stop = (): Promise<void> => stopChild(child);
  janitor.onCleanup(stop);
  const port = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`relay exited with ${String(code)}`)));
  });
  const socket = await ShellSocket.connect(`http://127.0.0.1:${port.trim()}/?token=relay`);
  return {
    socket,
    pid: child.pid,
    stop: async () => {
      await socket.close();
      await stop();
    },
  };
}
