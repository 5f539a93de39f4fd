import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../platform/Logger';
import type { TaskMode } from '../mcp/session/taskTypes';
import { ConversationStore } from '../store/ConversationStore';
import { TaskService, type TaskServiceOptions } from './TaskService';

const stores: ConversationStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** A TaskService over a real task table and a server whose tool has the given task mode. */
async function serviceFor(mode: TaskMode, preferTasks: () => boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-prefer-'));
  const store = ConversationStore.open({ file: join(dir, 'history.sqlite') });
  stores.push(store);
  const callTool = vi.fn(() => Promise.resolve({ content: [{ type: 'text', text: 'done' }] }));
  const start = vi.fn(() =>
    Promise.resolve({ kind: 'result', result: { content: [{ type: 'text', text: 'as task' }] } }),
  );
  const supervisor = { ready: () => ({ tasks: () => ({ mode: () => mode, start }) }), callTool };
  const mcp = {
    use: () => Promise.resolve(supervisor),
  } as unknown as TaskServiceOptions['mcp'];
  const service = new TaskService({
    tasks: store.tasks,
    mcp,
    log: createLogger({ consoleLevel: 'silent' }),
    preferTasks,
  });
  return { service, callTool, start };
}

describe('TaskService: the prefer-tasks setting', () => {
  it('is not read for a tool that cannot run as a task (the common call stays lean)', async () => {
    const preferTasks = vi.fn(() => true);
    const { service, callTool } = await serviceFor('none', preferTasks);
    const result = await service.call({ server: 's', tool: 't', args: {}, origin: 'server' });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(preferTasks).not.toHaveBeenCalled();
  });

  it('decides how a tool with optional task support runs', async () => {
    const preferred = await serviceFor('optional', () => true);
    await preferred.service.call({ server: 's', tool: 't', args: {}, origin: 'server' });
    expect(preferred.start).toHaveBeenCalledTimes(1);
    expect(preferred.callTool).not.toHaveBeenCalled();

    const plain = await serviceFor('optional', () => false);
    await plain.service.call({ server: 's', tool: 't', args: {}, origin: 'server' });
    expect(plain.callTool).toHaveBeenCalledTimes(1);
    expect(plain.start).not.toHaveBeenCalled();
  });
});
