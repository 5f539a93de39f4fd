import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ToolUseBlock } from '../../../shared/domain/conversationMessage';
import type { TaskView } from '../../../shared/domain/tasks';
import { toolCall } from '../../testing/chatFixtures';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { ToolCallCard } from '../chat/ToolCallCard';
import { TasksScreen } from './TasksScreen';

const block: ToolUseBlock = { type: 'tool_use', id: 'tu1', name: 'jobs__research', input: {} };

const task = (patch: Partial<TaskView> = {}): TaskView => ({
  id: 'task-1',
  server: 'jobs',
  taskId: '786512e2-9e0d-44bd-8f29-789f320fe840',
  tool: 'research',
  origin: 'chat',
  conversationId: 'c1',
  toolUseId: 'tu1',
  status: 'working',
  statusMessage: 'Gathering sources',
  createdAt: Date.now() - 65_000,
  updatedAt: Date.now(),
  delivery: 'turn',
  following: true,
  ...patch,
});

async function renderCard(tasks: TaskView[]) {
  const result = await renderWithStores(<ToolCallCard block={block} />, {
    tasks,
    script: () => ({}),
  });
  act(() => {
    result.stores.chat.setState({
      conversationId: 'c1',
      toolCalls: { tu1: { ...toolCall('tu1'), status: 'running' } },
    });
  });
  return result;
}

describe('a tool call running as a task', () => {
  it('shows the task’s status, the server’s message and how long it runs; status updates arrive live', async () => {
    const { host } = await renderCard([task()]);
    const panel = screen.getByTestId('task-status');
    expect(panel.textContent).toContain('Working');
    expect(screen.getByTestId('task-message').textContent).toBe('Gathering sources');
    expect(screen.getByTestId('task-elapsed').textContent).toBe('Running for 1 min 5 s');
    act(() =>
      host.emit('tasks.changed', {
        task: task({
          status: 'input_required',
          statusMessage: 'Which one?',
          updatedAt: Date.now() + 1,
        }),
      }),
    );
    expect(screen.getByTestId('task-status').dataset.status).toBe('input_required');
    expect(screen.getByTestId('task-message').textContent).toBe('Which one?');
    expect(screen.getByTestId('task-status').textContent).toContain(
      'answer it to let the task go on',
    );
  });

  it('Cancel asks main to cancel the task (and replaces the call’s own Cancel)', async () => {
    const { host } = await renderCard([task()]);
    expect(screen.getAllByRole('button', { name: /Cancel/ })).toHaveLength(1);
    fireEvent.click(screen.getByTestId('task-cancel'));
    await settle();
    expect(host.callsOf('tasks.cancel')).toEqual([{ id: 'task-1' }]);
    expect(host.callsOf('conversation.cancelToolCall')).toEqual([]);
  });

  it('after the turn stopped it says the task runs on; waiting for its server, it says so', async () => {
    await renderCard([task({ delivery: 'pending', following: false })]);
    const text = screen.getByTestId('task-status').textContent;
    expect(text).toContain('Runs on in the background');
    expect(text).toContain('Waiting for jobs to be ready');
  });

  it('an expired task says so, without Cancel', async () => {
    await renderCard([
      task({
        status: 'expired',
        error: 'The server no longer knows this task.',
        endedAt: Date.now(),
      }),
    ]);
    expect(screen.getByTestId('task-status').textContent).toContain('Expired');
    expect(screen.getByTestId('task-message').textContent).toBe(
      'The server no longer knows this task.',
    );
    expect(screen.queryByTestId('task-cancel')).toBeNull();
  });
});

describe('TasksScreen', () => {
  it('lists running tasks first, then ended ones, with where they came from', async () => {
    await renderWithStores(<TasksScreen />, {
      tasks: [
        task({ id: 'a', status: 'completed', endedAt: Date.now(), statusMessage: 'Done' }),
        task({ id: 'b', origin: 'cli', conversationId: undefined, toolUseId: undefined }),
      ],
      conversations: [],
    });
    const rows = screen.getAllByTestId('task-row');
    expect(rows.map((r) => r.dataset.status)).toEqual(['working', 'completed']);
    expect(rows[0]?.textContent).toContain('From the command line');
    expect(rows[1]?.textContent).toContain('From a chat');
    expect(rows[1]?.textContent).toContain('Open conversation');
  });

  it('says when there is nothing', async () => {
    await renderWithStores(<TasksScreen />);
    expect(screen.getByTestId('tasks-screen').textContent).toContain('No tasks yet');
  });
});
