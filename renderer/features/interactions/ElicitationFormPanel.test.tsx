import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { formInteraction } from './interactionFixtures';
import { InteractionPanel } from './InteractionPanel';

const change = (testId: string, value: string): void => {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
};

describe('ElicitationFormPanel', () => {
  it('says what Decline and Cancel each tell the server', async () => {
    await renderWithStores(<InteractionPanel interaction={formInteraction('e1')} />);
    const hint = screen.getByTestId('elicit-choice-hint');
    expect(hint.textContent).toBe(
      'Decline tells the server no. Cancel closes the form without an answer; the server may ask again.',
    );
    for (const button of ['elicit-decline', 'elicit-cancel']) {
      expect(screen.getByTestId(button).getAttribute('aria-describedby')).toBe(hint.id);
    }
  });

  it('shows the server, its message, the no-secrets note, defaults and required marks', async () => {
    await renderWithStores(<InteractionPanel interaction={formInteraction('e1')} />);
    expect(
      screen.getByRole('heading', { name: 'everything asks you for information' }),
    ).toBeTruthy();
    expect(screen.getByText('Please provide inputs for the following fields:')).toBeTruthy();
    expect(screen.getByText(/Do not enter passwords/)).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('elicit-firstLine').value).toBe(
      'It was a dark night.',
    );
    expect(screen.getByTestId<HTMLInputElement>('elicit-email').type).toBe('email');
    expect(screen.getByTestId<HTMLInputElement>('elicit-homepage').type).toBe('url');
    expect(screen.getByTestId<HTMLInputElement>('elicit-birthdate').type).toBe('date');
    expect(screen.getByTestId<HTMLInputElement>('elicit-integer').value).toBe('42');
    expect(screen.getByTestId<HTMLInputElement>('elicit-check').type).toBe('checkbox');
    expect(screen.getByTestId<HTMLSelectElement>('elicit-titledSingleSelectEnum').value).toBe(
      'hero-1',
    );
    expect(screen.getByRole('option', { name: 'Green Lantern' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Dogs' })).toBeTruthy();
    expect(
      screen.getByTestId<HTMLInputElement>('elicit-untitledMultipleSelectEnum-Guitar').checked,
    ).toBe(true);
    // Only "name" is required.
    expect(screen.getByLabelText(/String\s*\*\s*required/)).toBe(screen.getByTestId('elicit-name'));
  });

  it('refuses to send with messages next to the fields, then sends typed values', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={formInteraction('e1')} />,
      { script: () => ({}) },
    );
    change('elicit-email', 'nope');
    change('elicit-integer', '500');
    fireEvent.click(screen.getByTestId('elicit-accept'));
    await settle();
    expect(host.callsOf('interactions.respondElicitation')).toEqual([]);
    expect(screen.getByTestId('elicit-error-name').textContent).toBe('This field is required.');
    expect(screen.getByTestId('elicit-error-email').textContent).toContain('email address');
    expect(screen.getByTestId('elicit-error-integer').textContent).toBe('At most 100.');
    expect(document.activeElement).toBe(screen.getByTestId('elicit-name'));
    // Said next to the buttons too, with the way back to the first problem.
    expect(screen.getByTestId('elicit-summary').textContent).toBe(
      '3 fields need your attention. Show',
    );
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    screen.getByTestId('elicit-email').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(document.activeElement).toBe(screen.getByTestId('elicit-name'));
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(scrolled.mock.contexts[0]).toBe(
      screen.getByTestId('elicit-name').closest('.elicit__field'),
    );
    scrolled.mockRestore();

    change('elicit-name', 'Ada');
    change('elicit-email', 'ada@example.com');
    change('elicit-integer', '7');
    fireEvent.click(screen.getByTestId('elicit-check'));
    fireEvent.click(screen.getByTestId('elicit-untitledMultipleSelectEnum-Piano'));
    fireEvent.click(screen.getByTestId('elicit-titledMultipleSelectEnum-fish-2'));
    fireEvent.change(screen.getByTestId('elicit-legacyTitledEnum'), { target: { value: 'pet-2' } });
    fireEvent.click(screen.getByTestId('elicit-accept'));
    await settle();
    expect(host.callsOf('interactions.respondElicitation')).toEqual([
      {
        id: 'e1',
        response: {
          action: 'accept',
          content: {
            name: 'Ada',
            check: true,
            firstLine: 'It was a dark night.',
            email: 'ada@example.com',
            integer: 7,
            number: 3.14,
            untitledSingleSelectEnum: 'Monica',
            untitledMultipleSelectEnum: ['Guitar', 'Piano'],
            titledSingleSelectEnum: 'hero-1',
            titledMultipleSelectEnum: ['fish-1', 'fish-2'],
            legacyTitledEnum: 'pet-2',
          },
        },
      },
    ]);
  });

  it('shows the field messages main answers with', async () => {
    await renderWithStores(<InteractionPanel interaction={formInteraction('e1')} />, {
      script: () => {
        throw new AppError(AppErrorCode.Validation, 'The answers do not fit the form', {
          issues: [{ path: 'content.name', message: 'Must be at least 3 characters' }],
        });
      },
    });
    change('elicit-name', 'Al');
    fireEvent.click(screen.getByTestId('elicit-accept'));
    await settle();
    // Main's field messages are read with a schema loaded on the first refusal.
    expect((await screen.findByTestId('elicit-error-name')).textContent).toBe(
      'Must be at least 3 characters',
    );
    expect(screen.getByRole('alert').textContent).toContain('The answers do not fit the form');
    // Editing the field clears main's verdict on it.
    change('elicit-name', 'Alan');
    expect(screen.queryByTestId('elicit-error-name')).toBeNull();
  });

  it('declines, cancels, and Esc cancels', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel interaction={formInteraction('e1')} />,
      { script: () => ({}) },
    );
    fireEvent.click(screen.getByTestId('elicit-decline'));
    await settle();
    fireEvent.click(screen.getByTestId('elicit-cancel'));
    await settle();
    fireEvent.keyDown(screen.getByTestId('elicit-name'), { key: 'Escape' });
    await settle();
    expect(host.callsOf('interactions.respondElicitation')).toEqual([
      { id: 'e1', response: { action: 'decline' } },
      { id: 'e1', response: { action: 'cancel' } },
      { id: 'e1', response: { action: 'cancel' } },
    ]);
  });

  it('Enter in a field submits the form', async () => {
    const { host } = await renderWithStores(
      <InteractionPanel
        interaction={formInteraction('e2', {
          requestedSchema: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        })}
      />,
      { script: () => ({}) },
    );
    change('elicit-city', 'Lyon');
    fireEvent.submit(screen.getByTestId('elicitation-form'));
    await settle();
    expect(host.callsOf('interactions.respondElicitation')).toEqual([
      { id: 'e2', response: { action: 'accept', content: { city: 'Lyon' } } },
    ]);
  });
});

describe('ElicitationFormPanel drafts', () => {
  it('what was typed comes back when the panel opens again, and after a cancel the same form asks again', async () => {
    const first = await renderWithStores(<InteractionPanel interaction={formInteraction('e1')} />, {
      script: () => ({}),
    });
    change('elicit-name', 'Ada');
    change('elicit-email', 'ada@example.com');
    fireEvent.click(screen.getByTestId('elicit-cancel'));
    await settle();
    expect(first.host.callsOf('interactions.respondElicitation')).toEqual([
      { id: 'e1', response: { action: 'cancel' } },
    ]);
    first.unmount();

    // The server asks the same again (a new request id): the answer is filled back in.
    const second = await renderWithStores(
      <InteractionPanel interaction={formInteraction('e2')} />,
      { script: () => ({}) },
    );
    expect(screen.getByTestId<HTMLInputElement>('elicit-name').value).toBe('Ada');
    expect(screen.getByTestId<HTMLInputElement>('elicit-email').value).toBe('ada@example.com');
    // Untouched fields keep their defaults.
    expect(screen.getByTestId<HTMLInputElement>('elicit-integer').value).toBe('42');
    expect(screen.getByTestId('elicit-draft-restored')).toBeTruthy();
    fireEvent.click(screen.getByTestId('elicit-decline'));
    await settle();
    second.unmount();

    // Answered: nothing is kept.
    await renderWithStores(<InteractionPanel interaction={formInteraction('e3')} />);
    expect(screen.getByTestId<HTMLInputElement>('elicit-name').value).toBe('');
    expect(screen.queryByTestId('elicit-draft-restored')).toBeNull();
  });

  it('a draft of another shape is ignored field by field', async () => {
    window.sessionStorage.setItem(
      (await import('./formDrafts')).draftKey(
        formInteraction('e1').server,
        formInteraction('e1').message,
        formInteraction('e1').requestedSchema,
      ),
      JSON.stringify({ name: 7, email: 'kept@example.com', check: 'yes' }),
    );
    await renderWithStores(<InteractionPanel interaction={formInteraction('e1')} />);
    expect(screen.getByTestId<HTMLInputElement>('elicit-name').value).toBe('');
    expect(screen.getByTestId<HTMLInputElement>('elicit-email').value).toBe('kept@example.com');
    expect(screen.getByTestId<HTMLInputElement>('elicit-check').checked).toBe(false);
  });
});

describe('DeadlineCountdown', () => {
  it('counts down to the deadline the server stated, and says when it passed', async () => {
    const soon = Date.now() + 65_000;
    const { unmount } = await renderWithStores(
      <InteractionPanel
        interaction={{ ...formInteraction('e1'), origin: { clientTaskId: 't1', deadlineAt: soon } }}
      />,
    );
    expect(screen.getByTestId('interaction-deadline').textContent).toMatch(
      /^The server waits 1:0[45] more$/,
    );
    unmount();
    await renderWithStores(
      <InteractionPanel
        interaction={{ ...formInteraction('e2'), origin: { deadlineAt: Date.now() - 1 } }}
      />,
    );
    expect(screen.getByTestId('interaction-deadline').textContent).toBe(
      'The server no longer waits for this answer',
    );
  });
});
