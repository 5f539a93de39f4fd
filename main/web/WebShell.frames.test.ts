import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ok } from '../../shared/ipc/envelope';
import type { ServerFrame } from '../../shared/ipc/wsProtocol';
import { bufferPool, POOLED_FROM_BYTES } from '../platform/BufferPool';
import { createLogger } from '../platform/Logger';
import { parseRememberingSources, RAW_STRING_MIN_CHARS } from '../platform/RawStringSources';
import { HostEvents } from '../services/base/HostEvents';
import { WebShell } from './WebShell';

/** A server's message with one large string, parsed as the stdio transport parses it. */
function fromServer(seed: string): string {
  const text = `${seed} "quoted" \\ naïve 😀\n`.repeat(Math.ceil((POOLED_FROM_BYTES * 2) / 20));
  expect(text.length).toBeGreaterThan(RAW_STRING_MIN_CHARS);
  const parsed = parseRememberingSources(JSON.stringify({ text })) as { text: string };
  return parsed.text;
}

const events = new HostEvents();
let shell: WebShell;
let origin: string;

beforeAll(async () => {
  const rendererDir = await mkdtemp(join(tmpdir(), 'sb-frames-'));
  shell = new WebShell({
    dispatch: (_name, input) => Promise.resolve(ok({ echo: fromServer(String(input)) })),
    events,
    rendererDir,
    log: createLogger({ consoleLevel: 'silent' }),
  });
  const url = new URL(await shell.start());
  origin = url.origin;
});

afterAll(() => shell.stop());

async function open(): Promise<{ ws: WebSocket; frames: ServerFrame[] }> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/ipc?token=${shell.token}`, {
    origin,
    maxPayload: 0,
  });
  const frames: ServerFrame[] = [];
  ws.on('message', (data: Buffer, binary: boolean) => {
    expect(binary).toBe(false);
    frames.push(JSON.parse(data.toString('utf8')) as ServerFrame);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames };
}

describe('WebShell large frames', () => {
  it('sends large strings from servers intact to every socket, then takes the buffer back', async () => {
    const [a, b] = await Promise.all([open(), open()]);
    const first = fromServer('first');
    const second = fromServer('second');
    // Two at once: the second cannot reuse the first's buffer while it is being written.
    events.emit('settings.changed', { theme: first } as never);
    events.emit('settings.changed', { theme: second } as never);
    a.ws.send(JSON.stringify({ kind: 'invoke', id: 1, name: 'x', input: 'third' }));
    const third = fromServer('third');
    for (const socket of [a, b]) {
      await expect.poll(() => socket.frames.length, { timeout: 10_000 }).toBe(socket === a ? 3 : 2);
    }
    const themes = (frames: ServerFrame[]) =>
      frames.map((f) => (f.kind === 'event' ? (f.payload as { theme: string }).theme : null));
    for (const socket of [a, b]) {
      const [one, two] = themes(socket.frames);
      expect(one === first && two === second).toBe(true);
    }
    const result = a.frames[2];
    expect(result?.kind === 'result' && result.result.ok).toBe(true);
    const echo = result?.kind === 'result' && result.result.ok ? result.result.value : undefined;
    expect((echo as { echo: string }).echo === third).toBe(true);
    // Written everywhere: the buffers are back for the next large frame.
    await expect.poll(() => bufferPool.freeCount).toBe(2);
    a.ws.close();
    b.ws.close();
  });
});
