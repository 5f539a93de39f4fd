import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TaskView } from '../../shared/domain/tasks';
import type { HostClient } from '../host/HostClient';
import { errorInfo, type ActionResult, type ErrorInfo } from './loadable';
import { taskChanged, tasksListed, type TasksById } from './tasksReducers';

/** The tasks store's state and actions. */
export interface TasksState {
  tasks: TasksById;
  /** Why the list could not be read (the view shows it with what it has). */
  loadError: ErrorInfo | null;
  /** Task ids whose cancel was sent and not answered yet. */
  cancelling: Readonly<Record<string, true>>;
  /** Reads the list from main (at start, after a reconnect). */
  resync: () => Promise<void>;
  /** Asks main to cancel the task on its server. */
  cancel: (id: string) => Promise<ActionResult>;
}

/** The tasks store. */
export type TasksStore = StoreApi<TasksState>;

/**
 * Projection of main's tasks (tool calls running as tasks on their servers): the list, kept up
 * to date by `tasks.changed`, and Cancel.
 */
export function createTasksStore(
  client: HostClient,
  initial: readonly TaskView[] = [],
): TasksStore {
  const store = createStore<TasksState>()((set) => ({
    tasks: tasksListed({}, initial),
    loadError: null,
    cancelling: {},
    resync: async () => {
      try {
        const { tasks } = await client.invoke('tasks.list', {});
        set((s) => ({ tasks: tasksListed(s.tasks, tasks), loadError: null }));
      } catch (error) {
        set({ loadError: errorInfo(error) });
      }
    },
    cancel: async (id) => {
      set((s) => ({ cancelling: { ...s.cancelling, [id]: true } }));
      try {
        await client.invoke('tasks.cancel', { id });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: errorInfo(error) };
      } finally {
        set((s) => {
          const { [id]: _done, ...rest } = s.cancelling;
          return { cancelling: rest };
        });
      }
    },
  }));
  client.on('tasks.changed', ({ task }) =>
    store.setState((s) => ({ tasks: taskChanged(s.tasks, task) })),
  );
  return store;
}
