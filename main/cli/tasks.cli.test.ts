import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureServer } from '../services/mcp/testing/McpHarness';
import { runCli } from './runCli';
import type { TaskView } from '../../shared/domain/tasks';

let dir: string;
const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-cli-tasks-'));
  await writeFile(
    join(dir, 'servers.json'),
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [everything] },
        // Tasks kept in a file: each CLI run starts its own server process, and finds them.
        jobs: {
          command: process.execPath,
          args: [fixtureServer('modern-v2-tasks.mjs')],
          env: { TASKS_FILE: join(dir, 'jobs-tasks.json'), TASKS_POLL_MS: '100' },
        },
      },
    }),
  );
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(
    [...argv, '--data-dir', dir, '--no-login-shell'],
    { PATH: process.env.PATH, HOME: process.env.HOME },
    (t) => (out += t),
    (t) => (err += t),
  );
  return { code, out, err };
}

describe('cli tasks', () => {
  it('call on a 2025 task tool waits, with status lines on stderr, and prints the result', async () => {
    const { code, out, err } = await cli(
      'call',
      'everything',
      'simulate-research-query',
      '--args',
      '{"topic":"tides"}',
    );
    expect(code, err).toBe(0);
    expect(out).toContain('# Research Report: tides');
    expect(err).toMatch(/^task \S+ on everything: working — Gathering sources\.\.\.$/m);
    expect(err).toMatch(/on everything: working — Generating report\.\.\.$/m);
  });

  it('call --detach prints the reference; tasks lists it; task SERVER ID waits for the result', async () => {
    const detached = await cli(
      'call',
      'jobs',
      'research',
      '--args',
      '{"topic":"comets","seconds":1}',
      '--detach',
    );
    expect(detached.code, detached.err).toBe(0);
    const [server, taskId] = detached.out.split('\n')[0]?.split(' ') ?? [];
    expect(server).toBe('jobs');
    expect(detached.out).toContain(`Resume: npm run --silent cli -- task jobs ${taskId ?? ''}`);

    const listed = await cli('tasks', '--json');
    const stored = (JSON.parse(listed.out) as { tasks: TaskView[] }).tasks;
    expect(stored.find((t) => t.taskId === taskId)).toMatchObject({
      server: 'jobs',
      status: 'working',
      origin: 'cli',
    });

    const resumed = await cli('task', 'jobs', taskId ?? '');
    expect(resumed.code, resumed.err).toBe(0);
    expect(resumed.out).toContain('Research report on comets: 3 stages done.');
    expect(resumed.err).toContain(`task ${taskId ?? ''} on jobs:`);
    expect((await cli('tasks')).out).toMatch(
      new RegExp(`jobs  ${taskId ?? ''}  completed  research`),
    );
    // Once ended, the stored result is the answer (no server needed).
    expect((await cli('task', 'jobs', taskId ?? '')).out).toContain('Research report on comets');
  });

  it('task cancel SERVER ID cancels it on the server', async () => {
    const detached = await cli(
      'call',
      'jobs',
      'research',
      '--args',
      '{"topic":"x","seconds":60}',
      '--detach',
    );
    const taskId = detached.out.split('\n')[0]?.split(' ')[1] ?? '';
    const cancelled = await cli('task', 'cancel', 'jobs', taskId);
    expect(cancelled.code, cancelled.err).toBe(0);
    expect(cancelled.out).toContain(`task ${taskId} on jobs: cancelled`);
    expect((await cli('tasks')).out).toMatch(new RegExp(`jobs  ${taskId}  cancelled`));
  });

  it('an unknown task is a clear error', async () => {
    const { code, err } = await cli('task', 'jobs', 'no-such-task');
    expect(code).toBe(1);
    expect(err).toContain('No stored task no-such-task of jobs.');
  });
});
