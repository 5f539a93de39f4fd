import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seededRandom';
import { startTestShell, type TestShell } from './testing/startTestShell';

let running: TestShell;
let port: number;
const crashes: unknown[] = [];
const onCrash = (error: unknown): void => void crashes.push(error);

beforeAll(async () => {
  running = await startTestShell();
  port = running.port;
  // A throw in a socket handler surfaces here; in the shell's own process it would end it.
  process.on('uncaughtException', onCrash);
});

afterAll(async () => {
  process.off('uncaughtException', onCrash);
  await running.stop();
});

/** Sends raw bytes over TCP; resolves with the response's status (0: closed without one). */
function raw(bytes: string | Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let head = '';
    const done = (status: number): void => {
      socket.destroy();
      resolve(status);
    };
    socket.setTimeout(5_000, () => done(-1));
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
    });
    socket.on('error', () => done(0));
    socket.on('close', () => done(0));
    socket.write(bytes);
  });
}

const TARGETS = [
  'http://[/ipc',
  'http://[::1/ipc',
  '//[/ipc',
  '/ipc',
  '/ipc?token=%',
  '/ipc?token=%E0%A4%A',
  '/%',
  '/%E0%A4%A',
  '/%00',
  '/..%2f..%2fetc%2fpasswd',
  'http://evil.example/ipc',
  'http://user:pass@127.0.0.1/ipc',
  '*',
  '/ipc#frag',
  '/ipc?token=' + 'x'.repeat(3000),
  '/\u00ff\u00fe',
  '/ipc?token[]=a&token=b',
  'ipc',
  '',
];
const COOKIES = [
  'switchboard_token=%E0%A4%A',
  'switchboard_token=%',
  'switchboard_token=%ZZ',
  'switchboard_token=',
  'switchboard_token',
  '=; ;;=',
  'switchboard_token=a; switchboard_token=%C0%80',
  'a=%E0%A4%A; switchboard_token=%FF',
  'switchboard_token=' + '%41'.repeat(2000),
];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS', 'CONNECT', 'GE T', 'get', '\u0000'];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** One generated request: a request line, headers drawn from hostile sets, maybe an upgrade. */
function generate(next: () => number): string {
  const host = pick(next, [
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    'evil.example',
    `[::1]:${port}`,
    '',
    `127.0.0.1:${port}, evil.example`,
  ]);
  const origin = pick(next, [
    `http://127.0.0.1:${port}`,
    'http://evil.example',
    'null',
    '%',
    'http://[',
  ]);
  const lines = [`${pick(next, METHODS)} ${pick(next, TARGETS)} HTTP/1.1`];
  if (next() < 0.9) lines.push(`Host: ${host}`);
  if (next() < 0.6) {
    lines.push('Upgrade: websocket', 'Connection: Upgrade');
    if (next() < 0.8) lines.push('Sec-WebSocket-Version: 13');
    if (next() < 0.8)
      lines.push(
        `Sec-WebSocket-Key: ${pick(next, ['dGhlIHNhbXBsZSBub25jZQ==', 'short', '%%%', ''])}`,
      );
  }
  if (next() < 0.7) lines.push(`Origin: ${origin}`);
  if (next() < 0.7) lines.push(`Cookie: ${pick(next, COOKIES)}`);
  if (next() < 0.1) lines.push(`X-Junk: ${'\u00e9'.repeat(Math.floor(next() * 50))}`);
  if (next() < 0.05) lines.push('Content-Length: 5', '', 'hello');
  if (next() < 0.05) lines.push('Transfer-Encoding: chunked', '', 'zz\r\n');
  return lines.join('\r\n') + '\r\n\r\n';
}

describe('WebShell under hostile requests', () => {
  it('refuses the two reported crashers with 4xx over a socket upgrade and plain HTTP', async () => {
    const upgrade = ['Upgrade: websocket', 'Connection: Upgrade', 'Sec-WebSocket-Version: 13'];
    const key = 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==';
    const host = `Host: 127.0.0.1:${port}`;
    const origin = `Origin: http://127.0.0.1:${port}`;
    const badTarget = ['GET http://[/ipc HTTP/1.1', host, ...upgrade, key, origin];
    const badCookie = [
      'GET /ipc HTTP/1.1',
      host,
      ...upgrade,
      key,
      origin,
      'Cookie: switchboard_token=%E0%A4%A',
    ];
    for (const request of [badTarget, badCookie]) {
      const status = await raw(request.join('\r\n') + '\r\n\r\n');
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      const plain = request.filter((line) => !/^(Upgrade|Connection|Sec-)/.test(line));
      const plainStatus = await raw(plain.join('\r\n') + '\r\n\r\n');
      expect(plainStatus).toBeGreaterThanOrEqual(400);
      expect(plainStatus).toBeLessThan(500);
    }
    expect(crashes).toEqual([]);
  });

  it('answers 600 generated requests without a crash or a server error, then still serves', async () => {
    // Deterministic, so a failing case can be replayed.
    const next = seededRandom(12);
    const cases = Array.from({ length: 600 }, () => generate(next));
    const statuses: number[] = [];
    for (let i = 0; i < cases.length; i += 25) {
      statuses.push(...(await Promise.all(cases.slice(i, i + 25).map((c) => raw(c)))));
    }
    const serverErrors = cases.filter((_, i) => (statuses[i] ?? 0) >= 500);
    expect(serverErrors).toEqual([]);
    // Every case got an answer or a clean close; none hung until the client gave up.
    expect(statuses.filter((s) => s === -1)).toEqual([]);
    // The generator really reached the guards: most cases got a refusal status line.
    expect(statuses.filter((s) => s >= 400 && s < 500).length).toBeGreaterThan(400);
    expect(crashes).toEqual([]);
    const page = await raw(
      `GET /?token=${running.shell.token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
    );
    expect(page).toBe(200);
  });
});
