import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { captureCli, type CliRun } from './testing/captureCli';

// The real CLI against the events fixture server (a real process): list, then watch by push
// and by poll, with a payload full of terminal control sequences that must not reach the
// terminal raw; after --max events the server process is gone.

/** Waits for a condition: real processes on a busy two-core machine may take seconds. */
const poll = <T>(fn: () => T) => expect.poll(fn, { timeout: 10_000 });

let dir: string;
let store: string;
let log: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-events-cli-'));
  store = join(dir, 'history.json');
  log = join(dir, 'requests.jsonl');
  await writeFile(store, JSON.stringify({ events: [] }));
  await writeFile(
    join(dir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        ci: {
          command: process.execPath,
          args: [fixtureServer('events.mjs')],
          env: { EVENTS_STORE: store, EVENTS_LOG: log, EVENTS_NEXT_POLL_MS: '0' },
        },
      },
    }),
  );
});

function cli(...argv: string[]): Promise<CliRun> {
  return captureCli([...argv, '--data-dir', dir, '--no-login-shell', '--timeout', '10000'], {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
  });
}

async function requests(): Promise<{ method: string; pid: number }[]> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { method: string; pid: number });
}

async function raise(events: Record<string, unknown>[]): Promise<void> {
  await writeFile(store, JSON.stringify({ events }));
}

const ESC = '\u001b';

/** Control characters other than newline, as code points. */
function controls(text: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) found.push(code);
  }
  return found;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('events (CLI)', () => {
  it('lists event types with their delivery modes', async () => {
    const run = await cli('events', 'ci', '--json');
    expect(run.code).toBe(0);
    const json = run.json as { declared: string[]; types: { name: string; delivery: string[] }[] };
    expect(json.declared).toEqual(['extension', 'top-level']);
    expect(json.types.map((t) => `${t.name}:${t.delivery.join('+')}`)).toEqual([
      'build.finished:push+poll',
      'ticket.created:poll',
      'relay.only:webhook',
    ]);
    const text = await cli('events', 'ci');
    expect(text.out).toContain('build.finished  [push, poll]');
  });

  it('watch prints one clean JSON line per event and stops the server after --max', async () => {
    const watching = cli('events', 'watch', 'ci', 'build.finished', '--max', '2');
    await poll(async () => (await requests()).some((r) => r.method === 'events/stream')).toBe(true);
    const hostile = `${ESC}[2J${ESC}]0;pwned\u0007<b>bold</b>\u009b31m`;
    await raise([
      {
        eventId: 'e1',
        name: 'build.finished',
        timestamp: 't',
        data: { branch: hostile, status: 'passed' },
      },
      {
        eventId: 'e1',
        name: 'build.finished',
        timestamp: 't',
        data: { branch: 'dup', status: 'passed' },
      },
      {
        eventId: 'e2',
        name: 'build.finished',
        timestamp: 't',
        data: { branch: 'dev', status: 'failed' },
      },
      {
        eventId: 'e3',
        name: 'build.finished',
        timestamp: 't',
        data: { branch: 'x', status: 'passed' },
      },
    ]);
    const run = await watching;
    expect(run.code).toBe(0);
    const lines = run.out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => l.id)).toEqual(['e1', 'e2']);
    expect(lines[0]).toMatchObject({ type: 'build.finished', payload: { branch: hostile } });
    // The payload is there whole, escaped: no control character reached the terminal raw.
    expect(controls(run.out)).toEqual([]);
    expect(controls(run.err)).toEqual([]);
    // Stopped as the stdio transport says; the exit is reaped a moment after the CLI returns.
    const pids = new Set((await requests()).map((r) => r.pid));
    expect(pids.size).toBe(1);
    await poll(() => [...pids].filter(alive)).toEqual([]);
  });

  it('watch polls a poll-only type from now on', async () => {
    const watching = cli(
      'events',
      'watch',
      'ci',
      'ticket.created',
      '--max',
      '1',
      '--args',
      '{"project":"web"}',
    );
    await poll(async () => (await requests()).some((r) => r.method === 'events/poll')).toBe(true);
    await raise([
      {
        eventId: 't1',
        name: 'ticket.created',
        timestamp: 't',
        data: { project: 'api', title: 'No' },
      },
      {
        eventId: 't2',
        name: 'ticket.created',
        timestamp: 't',
        data: { project: 'web', title: 'Yes' },
      },
    ]);
    const run = await watching;
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out.trim())).toMatchObject({ id: 't2', payload: { title: 'Yes' } });
  });
});
