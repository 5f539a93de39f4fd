import { describe, expect, it } from 'vitest';
import type { RequestOutput } from '../../shared/ipc/contract';
import { TOOL_RESULT_TEXT_SLICE_CHARS } from '../../shared/domain/conversationViews';
import { AppError, AppErrorCode } from '../../shared/errors';
import {
  approvalRequest,
  assistantMessage,
  conversation,
  page,
  recordedTurn,
  userMessage,
} from '../testing/chatFixtures';
import { deferred, scriptedClient, settle, type Script } from '../testing/scriptedClient';
import { chatRows } from './chatRows';
import { createChatStore, FIRST_PAGE, OLDER_PAGE } from './chatStore';

type Page = RequestOutput<'conversation.get'>;

function host(overrides: Partial<Record<string, Script>> = {}) {
  let turns = 0;
  return scriptedClient((name, input) => {
    const override = overrides[name];
    if (override) return override(name, input);
    switch (name) {
      case 'conversation.get':
        return page('c1', [userMessage(0, 'hi'), assistantMessage(1, 'hello')]);
      case 'conversation.create':
        return conversation('new');
      case 'conversation.send':
        return { turnId: 'turn-oneToolCall' };
      case 'conversation.edit':
      case 'conversation.retry':
        return { turnId: `turn-${++turns}` };
      case 'conversation.stop':
        return {};
      default:
        throw new Error(`unscripted ${name}`);
    }
  });
}

const texts = (store: ReturnType<typeof createChatStore>): string[] =>
  chatRows(store.getState()).map((row) =>
    row.kind === 'message'
      ? row.message.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('')
      : `<${row.footer.kind}>`,
  );

describe('chatStore', () => {
  it('opens a conversation with its newest page', async () => {
    const { client, callsOf } = host();
    const store = createChatStore(client);
    await store.getState().open('c1');
    expect(callsOf('conversation.get')).toEqual([{ id: 'c1', limit: FIRST_PAGE }]);
    expect(texts(store)).toEqual(['hi', 'hello']);
    expect(store.getState().load.state).toBe('ready');
  });

  it('lets only the conversation opened last land', async () => {
    const slow = deferred<Page>();
    const { client } = host({
      'conversation.get': (_n, input) =>
        (input as { id: string }).id === 'c1' ? slow.promise : page('c2', [userMessage(0, 'two')]),
    });
    const store = createChatStore(client);
    const first = store.getState().open('c1');
    await store.getState().open('c2');
    slow.resolve(page('c1', [userMessage(0, 'one')]));
    await first;
    expect(store.getState().conversationId).toBe('c2');
    expect(texts(store)).toEqual(['two']);
  });

  it('starts a new chat on its first message, with the picked model, and streams the turn', async () => {
    const { client, callsOf, emit } = host({
      'conversation.get': () =>
        page('new', [
          userMessage(0, 'hello'),
          assistantMessage(1, 'Let me call the tool.'),
          assistantMessage(3, 'The tool said: hello'),
        ]),
    });
    const store = createChatStore(client);
    await store.getState().open(null);
    store.getState().setModel('claude-test');
    const result = await store.getState().send('hello');
    expect(result).toEqual({ ok: true, conversationId: 'new' });
    expect(callsOf('conversation.create')).toEqual([{}]);
    expect(callsOf('conversation.send')).toEqual([
      { conversationId: 'new', text: 'hello', model: 'claude-test' },
    ]);
    expect(texts(store)).toEqual(['hello', '<thinking>']);

    const turn = recordedTurn('oneToolCall', 'new');
    for (const payload of turn.slice(0, -1)) emit('conversation.streamed', payload);
    expect(texts(store)).toEqual([
      'hello',
      'Let me call the tool.[tool_use]',
      'The tool said: hello',
    ]);
    // The end of the turn reads the stored messages back.
    const last = turn.at(-1);
    if (last) emit('conversation.streamed', last);
    await settle();
    expect(callsOf('conversation.get')).toEqual([{ id: 'new', limit: FIRST_PAGE }]);
    expect(store.getState().live).toBeNull();
    expect(store.getState().messages.map((m) => m.id)).toEqual(['m0', 'm1', 'm3']);
  });

  it('gives the text back when a message is refused', async () => {
    const { client } = host({
      'conversation.send': () => {
        throw new AppError(AppErrorCode.LlmAuth, 'No API key');
      },
    });
    const store = createChatStore(client);
    await store.getState().open('c1');
    const result = await store.getState().send('hello?');
    expect(result).toEqual({ ok: false, error: { code: 'LLM_AUTH', message: 'No API key' } });
    expect(texts(store)).toEqual(['hi', 'hello']);
    expect(store.getState().actionError?.code).toBe('LLM_AUTH');
  });

  it('stops, retries and edits through main', async () => {
    const { client, callsOf } = host();
    const store = createChatStore(client);
    await store.getState().open('c1');
    await store.getState().stop();
    await store.getState().retry();
    await store.getState().edit('m0', 'hi again');
    expect(callsOf('conversation.stop')).toEqual([{ conversationId: 'c1' }]);
    expect(callsOf('conversation.retry')).toEqual([{ conversationId: 'c1' }]);
    expect(callsOf('conversation.edit')).toEqual([
      { conversationId: 'c1', messageId: 'm0', text: 'hi again' },
    ]);
    expect(texts(store)).toEqual(['hi again', '<thinking>']);
  });

  it('loads the rest of the history in the background after opening, page after page', async () => {
    const pages: Record<string, Page> = {
      newest: page('c1', [userMessage(8, 'eight'), assistantMessage(9, 'nine')], { hasMore: true }),
      8: page('c1', [userMessage(4, 'four'), assistantMessage(5, 'five')], { hasMore: true }),
      4: page('c1', [userMessage(0, 'zero'), assistantMessage(1, 'one')], { hasMore: false }),
    };
    const gate = deferred<undefined>();
    const { client, callsOf } = host({
      'conversation.get': async (_n, input) => {
        const before = (input as { beforeOrdinal?: number }).beforeOrdinal;
        if (before === 4) await gate.promise;
        return pages[before === undefined ? 'newest' : String(before)];
      },
    });
    const store = createChatStore(client);
    await store.getState().open('c1');
    // Shown with its newest page while the rest is still on its way.
    expect(store.getState().load.state).toBe('ready');
    await settle();
    expect(store.getState().loadingOlder).toBe(true);
    // The second older page was asked for as soon as the first arrived.
    expect(callsOf('conversation.get')).toHaveLength(3);
    // Scrolling up meanwhile asks for nothing more: one loader at a time.
    await store.getState().loadOlder();
    gate.resolve(undefined);
    await settle();
    expect(callsOf('conversation.get')).toEqual([
      { id: 'c1', limit: FIRST_PAGE },
      { id: 'c1', beforeOrdinal: 8, limit: OLDER_PAGE },
      { id: 'c1', beforeOrdinal: 4, limit: OLDER_PAGE },
    ]);
    expect(texts(store)).toEqual(['zero', 'one', 'four', 'five', 'eight', 'nine']);
    expect(store.getState().hasMore).toBe(false);
    expect(store.getState().loadingOlder).toBe(false);
  });

  it('keeps what loaded when an older page fails, and scrolling up tries again', async () => {
    let fail = true;
    const { client, callsOf } = host({
      'conversation.get': (_n, input) => {
        const before = (input as { beforeOrdinal?: number }).beforeOrdinal;
        if (before === undefined) return page('c1', [userMessage(5, 'five')], { hasMore: true });
        if (fail) throw new AppError(AppErrorCode.Internal, 'disk busy');
        return page('c1', [userMessage(3, 'three'), assistantMessage(4, 'four')]);
      },
    });
    const store = createChatStore(client);
    await store.getState().open('c1');
    await settle();
    expect(texts(store)).toEqual(['five']);
    expect(store.getState().hasMore).toBe(true);
    expect(store.getState().loadingOlder).toBe(false);
    fail = false;
    await store.getState().loadOlder();
    expect(texts(store)).toEqual(['three', 'four', 'five']);
    expect(callsOf('conversation.get')).toHaveLength(3);
  });

  it('links an approval request to its card and fetches a full result on demand', async () => {
    const { client, emit, callsOf } = host({
      'conversation.getToolResult': () => ({
        outcome: { content: [{ type: 'text', text: 'all' }] },
      }),
    });
    const store = createChatStore(client);
    await store.getState().open('c1');
    const turn = recordedTurn('oneToolCall', 'c1');
    const started = turn.findIndex((p) => p.event.type === 'toolUseStarted');
    for (const payload of turn.slice(0, started + 1)) emit('conversation.streamed', payload);
    emit('approvals.requested', { request: approvalRequest('r1') });
    const [card] = Object.values(store.getState().toolCalls);
    expect(card?.status).toBe('awaiting-approval');
    await store.getState().loadToolResult(card?.toolUseId ?? '');
    expect(callsOf('conversation.getToolResult')).toEqual([
      { toolUseId: card?.toolUseId, maxTextChars: TOOL_RESULT_TEXT_SLICE_CHARS },
    ]);
    expect(store.getState().toolResults[card?.toolUseId ?? '']?.state).toBe('ready');
  });

  it('reads back a turn whose end it missed, when main says nothing runs', async () => {
    const { client, emit, callsOf } = host();
    const store = createChatStore(client);
    await store.getState().open('c1');
    const turn = recordedTurn('plainText', 'c1');
    for (const payload of turn.slice(0, 4)) emit('conversation.streamed', payload);
    emit('conversation.updated', { conversation: conversation('c1', { running: false }) });
    await settle();
    expect(callsOf('conversation.get')).toHaveLength(2);
    expect(store.getState().live).toBeNull();
    expect(texts(store)).toEqual(['hi', 'hello']);
  });
});
