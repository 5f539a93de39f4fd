/**
 * The writer half of the crash test (ConversationStore.crash.test.ts). The test bundles this
 * file and runs it as its own process: it writes turns as fast as it can and prints one line
 * after each commit, until it is killed with SIGKILL. Stdout is a pipe, and pipe writes are
 * synchronous in Node on POSIX, so a printed line means the commit happened before it.
 *
 * Usage: node crashWriter.mjs <file> <run>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConversationStore } from '../ConversationStore';
import { crashScript } from './crashScript';

const [file, runText] = process.argv.slice(2);
if (file === undefined || runText === undefined) throw new Error('usage: crashWriter <file> <run>');
const run = Number(runText);

function ack(...fields: (string | number)[]): void {
  process.stdout.write(`${fields.join(' ')}\n`);
}

/** Deltas appended so far, and when the oldest one not yet committed was appended. */
const streamed = new Map<string, { count: number; oldestPendingAt: number | undefined }>();

const store = ConversationStore.open({
  file,
  onFlushed: (ids) => {
    const now = performance.now();
    for (const id of ids) {
      const state = streamed.get(id);
      if (!state) continue;
      const waited = state.oldestPendingAt === undefined ? 0 : now - state.oldestPendingAt;
      state.oldestPendingAt = undefined;
      ack('flushed', id, state.count, waited.toFixed(1));
    }
  },
});
ack('ready');

const conversation = store.createConversation({ title: `crash run ${run}` });
ack('conversation', conversation.id);

for (let turn = 0; ; turn += 1) {
  const turnId = `${run}-${turn}`;
  // As the app sends it: held in the outbox, committed with the reply's first write.
  const { message: user } = store.holdMessage(conversation.id, {
    role: 'user',
    turnId,
    content: crashScript.userContent(run, turn),
  });
  ack('message', user.id, run, turn);
  // The request's way to the model and back: kills land while the message is only held.
  await sleep(20 + (turn % 5) * 10);

  const total = crashScript.deltaCount(turn);
  const reply = store.beginAssistantMessage(conversation.id, { turnId, model: 'crash-model' });
  const state = { count: 0, oldestPendingAt: undefined as number | undefined };
  streamed.set(reply.id, state);
  ack('begin', reply.id, total);
  for (let k = 0; k < total; k += 1) {
    store.appendDelta(reply.id, 0, crashScript.delta(k));
    state.count = k + 1;
    state.oldestPendingAt ??= performance.now();
    // Token pacing (a reply takes ~100-250 ms), so flush timers fire mid-message as in a real
    // stream and most kills land inside a reply.
    await sleep(1 + (k % 5));
  }
  const toolUseId = crashScript.toolUseId(run, turn);
  if (toolUseId !== undefined) {
    store.setBlock(reply.id, 1, {
      type: 'tool_use',
      id: toolUseId,
      name: 'fx__echo',
      input: { turn },
    });
  }
  store.finishMessage(reply.id, {
    status: 'complete',
    stopReason: toolUseId === undefined ? 'end_turn' : 'tool_use',
    usage: { input: 10, output: total, cacheRead: 0, cacheWrite: 0 },
  });
  streamed.delete(reply.id);
  ack('finished', reply.id, total);

  if (toolUseId !== undefined) {
    store.recordToolCall({
      id: toolUseId,
      messageId: reply.id,
      server: 'fx',
      toolName: 'echo',
      modelName: 'fx__echo',
      arguments: { turn },
      status: 'running',
    });
    ack('tool-running', toolUseId);
    await sleep(2);
    store.finishToolCall(toolUseId, {
      status: 'done',
      result: { echo: turn },
      modelResult: `${turn}`,
    });
    ack('tool-done', toolUseId);
  }
}
