import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { SamplingPolicyField } from './SamplingPolicyField';

describe('SamplingPolicyField', () => {
  it('shows ask by default, saves deny and a token limit, refuses a bad limit', async () => {
    let policies: Record<string, unknown> = {};
    const { host } = await renderWithStores(<SamplingPolicyField server="everything" />, {
      script: (name, input) => {
        if (name === 'interactions.getPolicies') return { policies };
        if (name === 'interactions.setPolicy') {
          const { server, policy } = input as { server: string; policy: unknown };
          policies = { ...policies, [server]: policy };
          return { policies };
        }
        return {};
      },
    });
    await settle();
    const mode = screen.getByTestId<HTMLSelectElement>('sampling-mode');
    expect(mode.value).toBe('ask');
    fireEvent.change(mode, { target: { value: 'deny' } });
    await settle();
    expect(mode.value).toBe('deny');

    fireEvent.change(screen.getByTestId('sampling-limit'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('sampling-limit-save'));
    expect(screen.getByRole('alert').textContent).toContain('A whole number from 1');
    fireEvent.change(screen.getByTestId('sampling-limit'), { target: { value: '256' } });
    fireEvent.click(screen.getByTestId('sampling-limit-save'));
    expect((await screen.findByRole('status')).textContent).toBe('Saved.');
    expect(host.callsOf('interactions.setPolicy')).toEqual([
      { server: 'everything', policy: { sampling: 'deny' } },
      { server: 'everything', policy: { sampling: 'deny', maxTokens: 256 } },
    ]);
    expect(screen.getByTestId<HTMLInputElement>('sampling-limit').value).toBe('256');
  });
});
