import { mkdtemp } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  connectionCutMidStream,
  oneToolCall,
  plainText,
} from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { message } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import { useConversationHost } from './testing/useConversationHost';

const fixture = useConversationHost();
const start = fixture.start;

describe('ConversationService', () => {
  it('asks the person, runs the approved tool on the MCP server, and stores the whole turn', async () => {
    const host = await start();
    fixture.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'from the model' } }));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'Please echo something');
    await expect.poll(() => host.broker.pending().length).toBe(1);
    const [request] = host.broker.pending();
    expect(request).toMatchObject({
      server: 'echo',
      modelName: 'echo__echo',
      arguments: { text: 'from the model' },
    });
    await host.broker.respond(request?.id ?? '', { kind: 'allow', scope: 'once' });
    const result = await host.conversations.settled(id);
    expect(result?.stop.reason).toBe('end_turn');

    const stored = host.conversations.get(id);
    expect(stored.messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete',
      'assistant:complete',
      'user:complete',
      'assistant:complete',
    ]);
    expect(JSON.stringify(stored.messages.at(-1)?.content)).toContain('from the model');
    expect(stored.toolCalls[0]).toMatchObject({
      server: 'echo',
      tool: 'echo',
      status: 'done',
      approval: { kind: 'allowed', decidedBy: 'person' },
    });
    expect(
      host.conversations.getToolResult(stored.toolCalls[0]?.toolUseId ?? '').outcome.content[0],
    ).toMatchObject({ text: 'from the model' });
    expect(stored.conversation.title).toBe('Please echo something');
    // The model request carried the catalogue's tools and the person's message.
    const body = fixture.fake.messageRequests[0]?.body as { tools: { name: string }[] };
    expect(body.tools.map((t) => t.name)).toContain('echo__echo');
    // Windows were told: streamed events, approvals, conversation updates.
    const names = new Set(fixture.events().map((e) => e.name));
    expect([...names]).toEqual(
      expect.arrayContaining([
        'conversation.streamed',
        'approvals.requested',
        'approvals.resolved',
        'conversation.updated',
      ]),
    );
  });

  it('a denial reaches the model as the tool’s error, with the person’s reason', async () => {
    const host = await start();
    fixture.fake.script(oneToolCall({ name: 'echo__echo', input: { text: 'x' } }));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'echo please');
    await expect.poll(() => host.broker.pending().length).toBe(1);
    await host.broker.respond(host.broker.pending()[0]?.id ?? '', {
      kind: 'deny',
      reason: 'not now',
    });
    await host.conversations.settled(id);
    const second = fixture.fake.messageRequests[1]?.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(second.messages.at(-1))).toContain('not now');
    expect(host.conversations.get(id).toolCalls[0]?.status).toBe('denied');
  });

  it('stop during a slow tool cancels it and keeps what was received', async () => {
    const host = await start({ headless: { policy: 'all' } });
    fixture.fake.script(oneToolCall({ name: 'echo__slow', input: { steps: 100, delayMs: 100 } }));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'slow please');
    await expect
      .poll(
        () =>
          fixture
            .events()
            .some(
              (e) =>
                e.name === 'conversation.streamed' &&
                JSON.stringify(e.payload).includes('toolProgress'),
            ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await host.conversations.stop(id);
    const stored = host.conversations.get(id);
    expect(stored.toolCalls[0]?.status).toBe('cancelled');
    expect(JSON.stringify(stored.messages)).toContain('Let me call the tool.');
    expect(stored.conversation.running).toBe(false);
  });

  it('a failed turn keeps its error; retry runs it again', async () => {
    const host = await start();
    fixture.fake.script(connectionCutMidStream());
    const { id } = host.conversations.create();
    host.conversations.send(id, 'hello');
    const failed = await host.conversations.settled(id);
    expect(failed?.stop.reason).toBe('failed');
    const afterFailure = host.conversations.get(id).messages.at(-1);
    expect(afterFailure).toMatchObject({ role: 'assistant', status: 'failed' });
    fixture.fake.script(plainText('Second time lucky.'));
    host.conversations.retry(id);
    await host.conversations.settled(id);
    const messages = host.conversations.get(id).messages;
    expect(messages.map((m) => m.status)).toEqual(['complete', 'complete']);
    expect(JSON.stringify(messages[1]?.content)).toContain('Second time lucky.');
    const body = fixture.fake.messageRequests.at(-1)?.body as { messages: unknown[] };
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello' }] }]);
  });

  it('a turn whose setup throws ends with turnFinished carrying the error, and is kept', async () => {
    const host = await start({
      createModel: () => {
        throw new Error('model client could not be built');
      },
    });
    const { id } = host.conversations.create();
    const { turnId } = host.conversations.send(id, 'hello');
    const result = await host.conversations.settled(id);
    expect(result?.stop).toEqual({
      reason: 'failed',
      error: { code: 'INTERNAL', message: 'model client could not be built' },
    });
    const streamed = fixture
      .events()
      .filter((e) => e.name === 'conversation.streamed')
      .map((e) => (e.payload as { event: { type: string; turnId: string } }).event)
      .filter((e) => e.turnId === turnId);
    expect(streamed.map((e) => e.type)).toEqual(['turnStarted', 'turnFinished']);
    expect(streamed[1]).toMatchObject({ stop: { reason: 'failed' } });
    const stored = host.conversations.get(id);
    expect(stored.conversation.running).toBe(false);
    expect(stored.messages.at(-1)).toMatchObject({
      role: 'assistant',
      status: 'failed',
      error: { code: 'INTERNAL', message: 'model client could not be built' },
    });
  });

  it('edit-and-resend replaces the message and what followed', async () => {
    const host = await start();
    fixture.fake.script(plainText('first answer'), plainText('second answer'));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'first question');
    await host.conversations.settled(id);
    const userId = host.conversations.get(id).messages[0]?.id ?? '';
    host.conversations.edit(id, userId, 'better question');
    await host.conversations.settled(id);
    const texts = host.conversations.get(id).messages.map((m) => JSON.stringify(m.content));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('better question');
    expect(texts[1]).toContain('second answer');
    // The model got the edited history, not the one kept from the turn before.
    const body = fixture.fake.messageRequests.at(-1)?.body as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'better question' }] },
    ]);
  });

  it('the model gets the branch that shows: the edited one, then the old one switched back to', async () => {
    const host = await start();
    fixture.fake.script(plainText('first answer'), plainText('second answer'), plainText('third'));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'first question');
    await host.conversations.settled(id);
    const firstId = host.conversations.get(id).messages[0]?.id ?? '';
    host.conversations.edit(id, firstId, 'better question');
    await host.conversations.settled(id);
    const edited = host.conversations.get(id).messages[0]?.id ?? '';
    host.conversations.switchBranch(id, edited, -1);
    host.conversations.send(id, 'go on');
    await host.conversations.settled(id);
    const body = fixture.fake.messageRequests.at(-1)?.body as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'first answer' }] },
      { role: 'user', content: [{ type: 'text', text: 'go on' }] },
    ]);
  });

  it('history survives a restart; search finds it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-chat-'));
    const host = await start({}, dir);
    fixture.fake.script(plainText('The capital of France is Paris.'));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'Capital of France?');
    await host.conversations.settled(id);
    await fixture.stop(host);
    const again = await start({}, dir);
    expect(again.conversations.get(id).messages).toHaveLength(2);
    expect(again.conversations.list('Paris').map((c) => c.id)).toEqual([id]);
  });

  it('the request leaves before the person’s message or its model is committed; both are stored', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-chat-'));
    const host = await start({}, dir);
    const committedAtRequest: { roles: string[]; model: string | null | undefined }[] = [];
    const { id } = host.conversations.create();
    fixture.fake.script(() => {
      // What another connection sees in the file while the request is with the model.
      const db = new DatabaseSync(join(dir, 'history.sqlite'), { readOnly: true });
      try {
        const rows = db.prepare('SELECT role FROM messages ORDER BY seq').all() as {
          role: string;
        }[];
        const conversation = db.prepare('SELECT model FROM conversations WHERE id = ?').get(id) as
          { model: string | null } | undefined;
        committedAtRequest.push({ roles: rows.map((row) => row.role), model: conversation?.model });
      } finally {
        db.close();
      }
      return message('Hi!');
    });
    // A model chosen for this message: it becomes the conversation's with the message's commit.
    host.conversations.send(id, 'Hello', 'claude-opus-4-1');
    await host.conversations.settled(id);
    expect(committedAtRequest).toEqual([{ roles: [], model: null }]);
    const stored = host.conversations.get(id);
    expect(stored.conversation.model).toBe('anthropic/claude-opus-4-1');
    expect(stored.messages.map((m) => `${m.role}:${m.ordinal}`)).toEqual(['user:0', 'assistant:1']);
  });
});

describe('long conversations', () => {
  it('sends the whole history, not only the newest page', async () => {
    const host = await start();
    const { id } = host.conversations.create();
    // 2500 stored messages: more than one page of the store.
    const store = (
      host.conversations as unknown as {
        options: { store: import('../store/ConversationStore').ConversationStore };
      }
    ).options.store;
    for (let i = 0; i < 1250; i++) {
      store.appendMessage(id, { role: 'user', content: [{ type: 'text', text: `question ${i}` }] });
      store.appendMessage(id, {
        role: 'assistant',
        content: [{ type: 'text', text: `answer ${i}` }],
      });
    }
    fixture.fake.script(plainText('done'));
    host.conversations.send(id, 'last question');
    await host.conversations.settled(id);
    const body = fixture.fake.messageRequests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(body.messages).toHaveLength(2501);
    expect(JSON.stringify(body.messages[0])).toContain('question 0');
  });
});
