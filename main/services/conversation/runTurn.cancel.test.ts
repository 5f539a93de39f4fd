import { describe, expect, it } from 'vitest';
import { twoParallelToolCalls } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { AppError, AppErrorCode } from '../../../shared/errors';
import { hostText } from '../../../shared/text/hostText';
import type { ExecuteTool } from './ExecuteTool';
import { runWithFake, sentBody, simpleExecutor } from './testing/turnHarness';
import { useFakeMessagesApi } from './testing/useFakeMessagesApi';
import { PERSON_CANCELLED_TEXT, ToolCallCancels } from './ToolCallCancels';

const api = useFakeMessagesApi({ expectDrained: true });

const SLOW_AND_ECHO = twoParallelToolCalls({
  calls: [
    { name: 'slow', input: {} },
    { name: 'echo', input: { text: 'still here' } },
  ],
});

/** `slow` runs until its signal aborts (and says so); `echo` answers after `echoMs`. */
function executor(seen: { slowAborted: boolean }, echoMs: number): ExecuteTool {
  return (call, signal, progress) => {
    if (call.modelName === 'slow') {
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          seen.slowAborted = true;
          reject(new Error('aborted'));
        });
      });
    }
    return new Promise((resolve) => setTimeout(resolve, echoMs)).then(() =>
      simpleExecutor(call, signal, progress),
    );
  };
}

function lastToolResults(body: ReturnType<typeof sentBody>): unknown {
  return body.messages.at(-1)?.content;
}

describe('cancelling one tool call', () => {
  it('aborts only that call; the other finishes and the model goes on with both results', async () => {
    api.fake.script(...SLOW_AND_ECHO);
    const cancels = new ToolCallCancels();
    const seen = { slowAborted: false };
    let slowId = '';
    const run = await runWithFake(api.fake, {
      toolCancels: cancels,
      executeTool: executor(seen, 150),
      onEvent: (event) => {
        if (event.type === 'toolUseStarted' && event.modelName === 'slow') {
          slowId = event.toolUseId;
          setTimeout(() => expect(cancels.cancel(slowId)).toBe(true), 30);
        }
      },
    });

    expect(seen.slowAborted).toBe(true);
    expect(run.result.stop).toEqual({ reason: 'end_turn', modelStopReason: 'end_turn' });
    expect(run.result.steps).toBe(2);
    const results = run.of('toolResult');
    expect(results.map((r) => [r.modelName, r.status])).toEqual(
      expect.arrayContaining([
        ['slow', 'cancelled'],
        ['echo', 'ok'],
      ]),
    );
    // The model got both results, the cancelled one as an error saying the person cancelled it.
    expect(lastToolResults(sentBody(api.fake, 1))).toEqual([
      {
        type: 'tool_result',
        tool_use_id: slowId,
        content: [{ type: 'text', text: PERSON_CANCELLED_TEXT }],
        is_error: true,
      },
      expect.objectContaining({ content: [{ type: 'text', text: 'still here' }] }),
    ]);
    expect(run.streamedText()).toContain(
      `Both tools answered: ${PERSON_CANCELLED_TEXT}; still here`,
    );
    // The call already ended: a late cancel has nothing to do.
    expect(cancels.cancel(slowId)).toBe(false);
  });

  it('a call cancelled elsewhere (its task, from the Tasks list) ends cancelled, not failed', async () => {
    api.fake.script(...SLOW_AND_ECHO);
    const run = await runWithFake(api.fake, {
      executeTool: (call, signal, progress) =>
        call.modelName === 'slow'
          ? Promise.reject(new AppError(AppErrorCode.Cancelled, hostText('tasks.cancelled')))
          : simpleExecutor(call, signal, progress),
    });
    const slow = run.of('toolResult').find((r) => r.modelName === 'slow');
    expect(slow?.status).toBe('cancelled');
    expect(slow?.outcome).toEqual({
      content: [{ type: 'text', text: 'Cancelled: The task was cancelled.' }],
      isError: true,
    });
    expect(run.result.stop.reason).toBe('end_turn');
  });

  it('stops waiting for an executor that ignores the signal', async () => {
    api.fake.script(...SLOW_AND_ECHO);
    const cancels = new ToolCallCancels();
    const run = await runWithFake(api.fake, {
      toolCancels: cancels,
      executeTool: (call, signal, progress) =>
        call.modelName === 'slow'
          ? new Promise(() => undefined)
          : simpleExecutor(call, signal, progress),
      onEvent: (event) => {
        if (event.type === 'toolUseStarted' && event.modelName === 'slow') {
          setTimeout(() => cancels.cancel(event.toolUseId), 20);
        }
      },
    });
    expect(run.result.stop.reason).toBe('end_turn');
    expect(run.of('toolResult').find((r) => r.modelName === 'slow')?.status).toBe('cancelled');
  });

  it('a call cancelled before it starts never runs', async () => {
    api.fake.script(...SLOW_AND_ECHO);
    const cancels = new ToolCallCancels();
    const ran: string[] = [];
    const run = await runWithFake(api.fake, {
      toolCancels: cancels,
      executeTool: (call, signal, progress) => {
        ran.push(call.modelName);
        return simpleExecutor(call, signal, progress);
      },
      onEvent: (event) => {
        // The call is known once its block ends, before the loop starts it.
        if (event.type === 'messageAdded' && event.message.role === 'assistant') {
          const content = event.message.content;
          if (typeof content === 'string') return;
          for (const block of content) {
            if (block.type === 'tool_use' && block.name === 'slow') cancels.cancel(block.id);
          }
        }
      },
    });
    expect(ran).toEqual(['echo']);
    expect(run.of('toolResult').find((r) => r.modelName === 'slow')?.outcome).toEqual({
      content: [{ type: 'text', text: PERSON_CANCELLED_TEXT }],
      isError: true,
    });
    expect(run.result.stop.reason).toBe('end_turn');
  });

  it('stopping the turn still stops everything, with the turn’s own reason', async () => {
    // Only the first reply: a stopped turn asks the model nothing more.
    api.fake.script(SLOW_AND_ECHO.slice(0, 1));
    const cancels = new ToolCallCancels();
    const turn = new AbortController();
    const seen = { slowAborted: false };
    const run = await runWithFake(api.fake, {
      toolCancels: cancels,
      signal: turn.signal,
      executeTool: executor(seen, 1_000),
      onEvent: (event) => {
        if (event.type === 'toolUseStarted' && event.modelName === 'slow') {
          setTimeout(() => {
            cancels.cancel(event.toolUseId);
            turn.abort();
          }, 20);
        }
      },
    });
    expect(run.result.stop).toEqual({ reason: 'stopped' });
    expect(api.fake.messageRequests).toHaveLength(1);
    for (const result of run.of('toolResult')) {
      expect(result.status).toBe('cancelled');
      expect(JSON.stringify(result.outcome)).toContain('the turn was stopped');
    }
  });
});
