import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ok } from '../../shared/ipc/envelope';
import type { Logger } from '../platform/Logger';
import { HostEvents } from '../services/base/HostEvents';
import { WebShell } from './WebShell';

interface Line {
  level: string;
  message: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps what it is told, for the test to read. */
function recordingLog(lines: Line[]): Logger {
  const at =
    (level: string) =>
    (message: string, fields: Record<string, unknown> = {}): void => {
      lines.push({ level, message, fields });
    };
  const log: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => log,
  };
  return log;
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function start(lines: Line[]): Promise<{ shell: WebShell; port: number }> {
  const shell = new WebShell({
    dispatch: () => Promise.resolve(ok({})),
    events: new HostEvents(),
    rendererDir: await mkdtemp(join(tmpdir(), 'sb-web-logs-')),
    log: recordingLog(lines),
  });
  const port = Number(new URL(await shell.start()).port);
  stop = () => shell.stop();
  return { shell, port };
}

const closed = (ws: WebSocket): Promise<void> =>
  new Promise((resolve) => ws.once('close', () => resolve()));

describe('WebShell socket log', () => {
  it('notes each socket that closes, with its code, reason and age', async () => {
    const lines: Line[] = [];
    const { shell, port } = await start(lines);
    const ws = new WebSocket(`ws://127.0.0.1:${String(port)}/ipc?token=${shell.token}`, {
      origin: `http://127.0.0.1:${String(port)}`,
    });
    await new Promise((resolve) => ws.once('open', resolve));
    ws.close(4000, 'the window went away');
    await closed(ws);
    await expect.poll(() => lines.some((l) => l.message === 'socket closed')).toBe(true);
    const line = lines.find((l) => l.message === 'socket closed');
    expect(line).toMatchObject({
      level: 'info',
      fields: { code: 4000, reason: 'the window went away' },
    });
    expect(typeof line?.fields.openMs).toBe('number');
  });

  it('notes a refused upgrade with its status and Origin, never the token', async () => {
    const lines: Line[] = [];
    const { port } = await start(lines);
    const ws = new WebSocket(`ws://127.0.0.1:${String(port)}/ipc?token=not-the-token`, {
      origin: `http://127.0.0.1:${String(port)}`,
    });
    ws.on('error', () => undefined);
    await closed(ws);
    const refused = lines.find((l) => l.message === 'socket upgrade refused');
    expect(refused).toMatchObject({
      level: 'warn',
      fields: { status: 401, origin: `http://127.0.0.1:${String(port)}` },
    });
    expect(JSON.stringify(lines)).not.toContain('not-the-token');
  });
});
