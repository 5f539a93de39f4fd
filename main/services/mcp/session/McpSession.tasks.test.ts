import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, AppErrorCode } from '../../../../shared/errors';
import { bindClientTasks } from './bindClientTasks';
import { CLIENT_CAPABILITIES } from './createSdkClient';
import type { InteractionHandlers } from './InteractionHandlers';
import { McpSession } from './McpSession';
import type { TaskSnapshot, ToolTask } from './taskTypes';
import {
  EVERYTHING_BIN,
  httpConfig,
  methodsSent,
  recordTraffic,
  stdioConfig,
  TestProcesses,
  textOf,
} from './testing/TestProcesses';
import { fixtureServer } from '../launch/testing/ProcessJanitor';

const TASKS_FIXTURE = fixtureServer('modern-v2-tasks.mjs');

let processes: TestProcesses;
let dir: string;
const sessions: McpSession[] = [];

beforeAll(async () => {
  processes = new TestProcesses();
  dir = await mkdtemp(join(tmpdir(), 'mcp-tasks-'));
});

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await processes.cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** Handlers that answer like a person would, and remember what they were asked. */
function answering(): InteractionHandlers & { asked: { kind: string; params: unknown }[] } {
  const asked: { kind: string; params: unknown }[] = [];
  return {
    asked,
    elicitation: (request) => {
      asked.push({ kind: 'elicitation', params: request.params });
      const properties = Object.keys(
        (request.params as { requestedSchema?: { properties?: object } }).requestedSchema
          ?.properties ?? {},
      );
      const field = properties[0] ?? 'answer';
      const value = field === 'interpretation' || field === 'reading' ? 'historical' : 'Ada';
      return Promise.resolve({ action: 'accept', content: { [field]: value } });
    },
    sampling: (request) => {
      asked.push({ kind: 'sampling', params: request.params });
      return Promise.resolve({
        model: 'claude-test',
        role: 'assistant',
        content: { type: 'text', text: 'A sampled answer' },
      });
    },
    roots: () => Promise.resolve({ roots: [] }),
  };
}

async function connect(
  config: Parameters<typeof processes.stdioFactory>[0] | ReturnType<typeof httpConfig>,
  handlers: InteractionHandlers,
): Promise<McpSession> {
  const s = new McpSession({
    config,
    ...(config.transport === 'stdio' ? { transport: processes.stdioFactory(config) } : {}),
    handlers,
  });
  sessions.push(s);
  await s.connect();
  await s.listTools();
  return s;
}

async function follow(
  task: ToolTask,
): Promise<{ seen: TaskSnapshot[]; end: Awaited<ReturnType<ToolTask['settle']>> }> {
  const seen: TaskSnapshot[] = [];
  const end = await task.settle((snapshot) => seen.push(snapshot));
  return { seen, end };
}

async function startTask(
  s: McpSession,
  tool: string,
  args: Record<string, unknown>,
): Promise<ToolTask> {
  const start = await s.tasks().start(tool, args);
  if (start.kind !== 'task') throw new Error(`${tool} answered without a task`);
  return start.task;
}

describe('client-side task capability', () => {
  it('declares exactly what the ext-tasks receiver serves', () => {
    const client = new Client({ name: 't', version: '1' }, { capabilities: CLIENT_CAPABILITIES });
    client.setRequestHandler('sampling/createMessage', () => Promise.reject(new Error('unused')));
    client.setRequestHandler('elicitation/create', () => Promise.resolve({ action: 'decline' }));
    const binding = bindClientTasks(client, { serverName: 's', handlers: answering() });
    expect(binding.capabilities).toEqual(CLIENT_CAPABILITIES.tasks);
    binding.close();
  });
});

describe.concurrent('2025-11-25 tasks (server-everything)', () => {
  const everything = () => stdioConfig([EVERYTHING_BIN], 'legacy');

  it('simulate-research-query: a required task tool runs as a task with status messages', async () => {
    const s = await connect(everything(), answering());
    expect(s.tasks().mode('simulate-research-query')).toBe('required');
    expect(s.tasks().mode('echo')).toBe('none');
    const task = await startTask(s, 'simulate-research-query', { topic: 'tides' });
    expect(task.reference).toMatchObject({ generation: 'v1', originalOperation: 'tools/call' });
    const { seen, end } = await follow(task);
    expect(seen.map((t) => t.statusMessage)).toContain('Analyzing content...');
    expect(seen[0]?.pollIntervalMs).toBe(1000);
    expect(end.status).toBe('completed');
    if (end.status === 'completed')
      expect(textOf(end.result)).toContain('# Research Report: tides');
  });

  it('ambiguous: the question asked mid-task reaches the handlers and its answer the report', async () => {
    const handlers = answering();
    const s = await connect(everything(), handlers);
    const { seen, end } = await follow(
      await startTask(s, 'simulate-research-query', { topic: 'python', ambiguous: true }),
    );
    expect(seen.map((t) => t.status)).toContain('input_required');
    expect(handlers.asked.map((a) => a.kind)).toEqual(['elicitation']);
    expect(JSON.stringify(handlers.asked[0]?.params)).toContain('"python\\" could have');
    expect(end.status === 'completed' && textOf(end.result)).toContain('python (historical)');
  });

  it('cancel: tasks/cancel ends the task cancelled', async () => {
    const s = await connect(everything(), answering());
    const task = await startTask(s, 'simulate-research-query', { topic: 'slow' });
    const settled = follow(task);
    await task.cancel();
    expect((await settled).end.status).toBe('cancelled');
  });

  it('trigger-sampling-request-async: the host runs the server’s sampling as a client-side task', async () => {
    const handlers = answering();
    const s = await connect(everything(), handlers);
    const result = await s.callTool('trigger-sampling-request-async', { prompt: 'Say hi' });
    expect(textOf(result)).toContain('[COMPLETED] Async sampling completed!');
    expect(textOf(result)).toContain('A sampled answer');
    expect(handlers.asked).toHaveLength(1);
    expect(handlers.asked[0]?.params).not.toHaveProperty('task');
  });

  it('trigger-elicitation-request-async: the same for a form', async () => {
    const handlers = answering();
    const s = await connect(everything(), handlers);
    const result = await s.callTool('trigger-elicitation-request-async', {});
    expect(textOf(result)).toContain('COMPLETED');
    expect(handlers.asked.map((a) => a.kind)).toEqual(['elicitation']);
  });
});

describe('2026-07-28 tasks extension (v2 fixture)', () => {
  const tasksFile = () => join(dir, 'tasks.json');
  const fixture = () =>
    stdioConfig([TASKS_FIXTURE], 'auto', { TASKS_FILE: tasksFile(), TASKS_POLL_MS: '100' });

  it('the server decides: quick answers at once, research becomes a task with tasks/update input', async () => {
    const handlers = answering();
    const s = await connect(fixture(), handlers);
    expect(s.tasks().mode('quick')).toBe('server');
    const quick = await s.tasks().start('quick', { text: 'hi' });
    expect(quick.kind === 'result' && textOf(quick.result)).toBe('quick: hi');
    const task = await startTask(s, 'research', {
      topic: 'tides',
      seconds: 0.6,
      ask: true,
      sample: true,
    });
    expect(task.reference.generation).toBe('v2');
    const { seen, end } = await follow(task);
    expect(seen.map((t) => t.status)).toContain('input_required');
    expect(handlers.asked.map((a) => a.kind)).toEqual(['elicitation', 'sampling']);
    expect(end.status === 'completed' && textOf(end.result)).toBe(
      'Research report on tides (historical): 3 stages done.\nSummary from claude-test: A sampled answer',
    );
  });

  it('a plain tools/call (no extension declared) is refused with -32021 by this server', async () => {
    const s = await connect(fixture(), answering());
    await expect(s.callTool('research', { topic: 'x' })).rejects.toMatchObject({
      code: AppErrorCode.McpProtocol,
    });
  });

  it('resume: a new connection (new process) takes the task up by its reference', async () => {
    const first = await connect(fixture(), answering());
    const task = await startTask(first, 'research', { topic: 'kept', seconds: 1 });
    await task.detach();
    await first.close();
    const second = await connect(fixture(), answering());
    const { end } = await follow(await second.tasks().resume(task.reference));
    expect(end.status === 'completed' && textOf(end.result)).toContain('Research report on kept');
  });

  it('an expired task: resuming it fails with the server’s error', async () => {
    const first = await connect(fixture(), answering());
    const task = await startTask(first, 'fleeting', {});
    await task.detach();
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const error = await first
      .tasks()
      .resume(task.reference)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain('Unknown task');
  });

  it('over Streamable HTTP: tasks/get and tasks/cancel go out with the task id routed', async () => {
    const server = await processes.startHttpFixture([TASKS_FIXTURE, '--http', '0']);
    const s = await connect(httpConfig(server.url), answering());
    const traffic = recordTraffic(s);
    const task = await startTask(s, 'research', { topic: 'remote', seconds: 5 });
    const settled = follow(task);
    await task.cancel();
    expect((await settled).end.status).toBe('cancelled');
    expect(methodsSent(traffic)).toEqual(expect.arrayContaining(['tools/call', 'tasks/cancel']));
    expect(server.stderr()).toContain('method: tasks/cancel');
    expect(server.stderr()).toContain(`mcp-name: ${task.reference.taskId}`);
  });
});
