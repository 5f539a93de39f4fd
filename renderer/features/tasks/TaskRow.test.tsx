import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../../shared/domain/tasks';
import { renderWithStores } from '../../testing/renderWithStores';
import { formInteraction } from '../interactions/interactionFixtures';
import { InteractionsQueue } from '../interactions/InteractionsQueue';
import { TasksScreen } from './TasksScreen';

const clientTask = (patch: Partial<TaskView> = {}): TaskView => ({
  id: 'client-1',
  server: 'everything',
  taskId: 'ct-1',
  tool: 'elicitation/create',
  kind: 'elicitation',
  origin: 'request',
  status: 'working',
  createdAt: Date.now() - 5_000,
  updatedAt: Date.now(),
  delivery: 'none',
  following: false,
  ...patch,
});

describe('a server’s request run as a client-side task, in the Tasks list', () => {
  it('says what it is and who asked; waiting for the person, it opens the request’s panel', async () => {
    const { host } = await renderWithStores(
      <>
        <TasksScreen />
        <InteractionsQueue />
      </>,
      {
        tasks: [clientTask()],
        pendingInteractions: [formInteraction('i1', { origin: { clientTaskId: 'ct-1' } })],
        script: () => ({}),
      },
    );
    const row = screen.getByTestId('task-row');
    expect(row.dataset.kind).toBe('elicitation');
    expect(row.dataset.status).toBe('input_required');
    expect(row.getAttribute('aria-label')).toBe('Request for information from everything');
    expect(row.textContent).toContain('Needs your answer');
    expect(row.textContent).toContain('Asked by the server, which checks back for the answer');
    // The server polls the host: there is nothing the host waits to follow.
    expect(row.textContent).not.toContain('to be ready to follow it again');
    // The person cannot cancel the server's task from here; they answer (or decline) it.
    expect(screen.queryByRole('button', { name: 'Cancel task' })).toBeNull();
    fireEvent.click(screen.getByTestId('task-open-request'));
    expect((await screen.findByTestId('interactions-dialog')).textContent).toContain(
      'Please provide inputs for the following fields:',
    );
    // Answered: the request is gone and the task ends.
    act(() => {
      host.emit('interactions.resolved', { id: 'i1', outcome: 'accepted' });
      host.emit('tasks.changed', {
        task: clientTask({ status: 'completed', endedAt: Date.now(), updatedAt: Date.now() + 1 }),
      });
    });
    expect(screen.getByTestId('task-row').dataset.status).toBe('completed');
    expect(screen.queryByTestId('task-open-request')).toBeNull();
  });

  it('another server’s request with the same task id is not linked', async () => {
    await renderWithStores(<TasksScreen />, {
      tasks: [clientTask({ kind: 'sampling', tool: 'sampling/createMessage' })],
      pendingInteractions: [
        formInteraction('i2', { server: 'other', origin: { clientTaskId: 'ct-1' } }),
      ],
    });
    const row = screen.getByTestId('task-row');
    expect(row.dataset.status).toBe('working');
    expect(row.textContent).toContain('Sampling request');
    expect(screen.queryByTestId('task-open-request')).toBeNull();
  });

  it('a request the person declined or closed reads Declined / Cancelled, in neutral colours', async () => {
    const ended = { endedAt: Date.now(), updatedAt: Date.now() };
    await renderWithStores(<TasksScreen />, {
      tasks: [
        clientTask({ id: 'a', taskId: 'ct-a', status: 'completed', answer: 'declined', ...ended }),
        clientTask({ id: 'b', taskId: 'ct-b', status: 'completed', answer: 'cancelled', ...ended }),
        clientTask({
          id: 'c',
          taskId: 'ct-c',
          kind: 'sampling',
          tool: 'sampling/createMessage',
          status: 'failed',
          answer: 'declined',
          error: 'Not now',
          ...ended,
        }),
      ],
    });
    const badges = screen
      .getAllByTestId('task-row')
      .map((row) => row.querySelector('.status-badge'));
    expect(badges.map((b) => b?.textContent).sort()).toEqual(['Cancelled', 'Declined', 'Declined']);
    for (const badge of badges) expect(badge?.className).toContain('status-badge--off');
    expect(screen.queryByText('Completed')).toBeNull();
    expect(screen.queryByText('Failed')).toBeNull();
  });
});
