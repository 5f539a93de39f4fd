import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../shared/domain/tasks';
import { AppError, AppErrorCode } from '../../shared/errors';
import { scriptedClient, settle } from '../testing/scriptedClient';
import { sortTasks, taskOfToolCall } from './tasksReducers';
import { createTasksStore } from './tasksStore';

const task = (patch: Partial<TaskView> = {}): TaskView => ({
  id: 't1',
  server: 'jobs',
  taskId: 's1',
  tool: 'research',
  origin: 'chat',
  conversationId: 'c1',
  toolUseId: 'toolu_1',
  status: 'working',
  createdAt: 1,
  updatedAt: 1,
  delivery: 'turn',
  following: true,
  ...patch,
});

describe('tasksStore', () => {
  it('starts from the bootstrap list and follows tasks.changed; older events change nothing', () => {
    const { client, emit, calls } = scriptedClient(() => ({ tasks: [] }));
    const store = createTasksStore(client, [task()]);
    expect(calls).toEqual([]);
    expect(taskOfToolCall(store.getState().tasks, 'toolu_1')?.status).toBe('working');
    emit('tasks.changed', { task: task({ status: 'input_required', updatedAt: 5 }) });
    emit('tasks.changed', { task: task({ status: 'working', updatedAt: 3 }) });
    expect(store.getState().tasks.t1?.status).toBe('input_required');
  });

  it('a resync that answers after an event keeps the newer event', async () => {
    const { client, emit } = scriptedClient(() => ({ tasks: [task({ updatedAt: 2 })] }));
    const store = createTasksStore(client);
    const resync = store.getState().resync();
    emit('tasks.changed', { task: task({ status: 'completed', updatedAt: 9, endedAt: 9 }) });
    await resync;
    await settle();
    expect(store.getState().tasks.t1?.status).toBe('completed');
  });

  it('cancel asks main and reports a failure', async () => {
    const { client, callsOf } = scriptedClient((name) => {
      if (name === 'tasks.cancel') throw new AppError(AppErrorCode.McpClosed, 'server down');
      return { tasks: [] };
    });
    const store = createTasksStore(client);
    const result = await store.getState().cancel('t1');
    expect(callsOf('tasks.cancel')).toEqual([{ id: 't1' }]);
    expect(result).toEqual({ ok: false, error: { code: 'MCP_CLOSED', message: 'server down' } });
    expect(store.getState().cancelling).toEqual({});
  });

  it('sorts running tasks first (oldest first), then ended ones (newest first)', () => {
    const sorted = sortTasks({
      a: task({ id: 'a', createdAt: 5 }),
      b: task({ id: 'b', status: 'completed', endedAt: 10 }),
      c: task({ id: 'c', createdAt: 2 }),
      d: task({ id: 'd', status: 'expired', endedAt: 20 }),
    });
    expect(sorted.map((t) => t.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});
