import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { TestResultView } from './TestResultView';

describe('TestResultView', () => {
  it('names an exit code once: not again in brackets when the message says it', async () => {
    await renderWithStores(
      <TestResultView
        result={{
          ok: false,
          code: 'MCP_SPAWN_FAILED',
          message: 'The server exited with code 3 while starting.',
          text: { key: 'server.exitCodeStarting', params: { code: 3 } },
          exitCode: 3,
          stderrTail: ['boom'],
        }}
      />,
    );
    const text = screen.getByTestId('server-test-result').textContent;
    expect(text).toContain('The server exited with code 3 while starting.');
    expect(text.match(/3/g)).toHaveLength(1);
  });

  it('adds the exit code when the message does not say it', async () => {
    await renderWithStores(
      <TestResultView
        result={{
          ok: false,
          code: 'MCP_CLOSED',
          message: 'The connection closed.',
          exitCode: 7,
          stderrTail: [],
        }}
      />,
    );
    expect(screen.getByTestId('server-test-result').textContent).toContain('(exit code 7)');
  });
});
