import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationStore } from '../store/ConversationStore';
import type { StoredContentBlock } from '../store/MessageRecord';
import { TempStoreDir, textContent } from '../store/testing/TempStoreDir';
import { buildHistory } from './buildHistory';
import { ModelHistory } from './ModelHistory';

let temp: TempStoreDir;
let store: ConversationStore;

beforeEach(() => {
  temp = new TempStoreDir();
  store = temp.open();
});
afterEach(() => temp.cleanup());

/** What the model got before: every stored message, sanitized at once. */
function wholeHistory(conversationId: string) {
  const records = [];
  let after = -1;
  for (;;) {
    const page = store.listMessages(conversationId, { afterOrdinal: after, limit: 1000 });
    records.push(...page.messages);
    const last = page.messages.at(-1);
    if (!page.hasMore || !last) return buildHistory(records);
    after = last.ordinal;
  }
}

function exchange(conversationId: string, n: number, withTool = false): void {
  store.appendMessage(conversationId, { role: 'user', content: textContent(`question ${n}`) });
  if (withTool) {
    const id = `toolu_${n}`;
    const toolUse: StoredContentBlock[] = [
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id, name: 'files__read', input: { n } },
    ];
    store.appendMessage(conversationId, { role: 'assistant', content: toolUse });
    store.appendMessage(conversationId, {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: id, content: textContent(`file ${n}`) }],
    });
  }
  store.appendMessage(conversationId, { role: 'assistant', content: textContent(`answer ${n}`) });
}

describe('ModelHistory', () => {
  it('gives what reading the whole history gives, and then reads only what was added', async () => {
    const { id } = store.createConversation();
    for (let n = 0; n < 30; n++) exchange(id, n, n % 4 === 0);
    const history = new ModelHistory(store);
    expect(await history.read(id)).toEqual(wholeHistory(id));

    const reads = vi.spyOn(store, 'listMessageContent');
    exchange(id, 30, true);
    store.appendMessage(id, { role: 'user', content: textContent('and one more') });
    expect(await history.read(id)).toEqual(wholeHistory(id));
    // One read, of the new messages only: a turn's setup does not grow with the chat.
    const lastKnown = store.listMessages(id, { limit: 6 }).messages[0]?.ordinal;
    expect(reads.mock.calls).toEqual([[id, lastKnown, 500]]);
  });

  it('pairs a result delivered after its turn died with the call an earlier read dropped', async () => {
    const { id } = store.createConversation();
    exchange(id, 0, true);
    // The app quit while a task ran: the call is stored, its result is not.
    store.appendMessage(id, { role: 'user', content: textContent('research orbits') });
    store.appendMessage(id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_task', name: 'jobs__research', input: {} }],
    });
    const history = new ModelHistory(store);
    // Read (a window opened the conversation) while the call has no answer: it is left out.
    expect(JSON.stringify(await history.read(id))).not.toContain('toolu_task');
    // Started again, the task ends and its result continues the conversation.
    store.appendMessage(id, {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_task', content: textContent('3 stages done') },
      ],
    });
    const after = await history.read(id);
    expect(after).toEqual(wholeHistory(id));
    expect(JSON.stringify(after.at(-1))).toContain('3 stages done');
  });

  it('merges a person’s messages that follow each other across reads, as the API wants', async () => {
    const { id } = store.createConversation();
    exchange(id, 0);
    store.appendMessage(id, { role: 'user', content: textContent('first') });
    const history = new ModelHistory(store);
    const before = await history.read(id);
    const lastBefore = before.at(-1);
    store.appendMessage(id, { role: 'user', content: textContent('second') });
    const after = await history.read(id);
    expect(after).toEqual(wholeHistory(id));
    expect(after.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'second' },
      ],
    });
    // What was handed out before is left as it was (a request may still be reading it).
    expect(before.at(-1)).toBe(lastBefore);
    expect(before.at(-1)?.content).toEqual([{ type: 'text', text: 'first' }]);
  });

  it('leaves out a tool call an unclean exit left without its result', async () => {
    const { id } = store.createConversation();
    store.appendMessage(id, { role: 'user', content: textContent('read it') });
    store.appendMessage(id, {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_lost', name: 'files__read', input: {} }],
    });
    const history = new ModelHistory(store);
    await history.read(id);
    store.appendMessage(id, { role: 'user', content: textContent('are you there?') });
    const read = await history.read(id);
    expect(read).toEqual(wholeHistory(id));
    expect(JSON.stringify(read)).not.toContain('toolu_lost');
  });

  it('reads the history again once told that messages were deleted', async () => {
    const { id } = store.createConversation();
    for (let n = 0; n < 5; n++) exchange(id, n);
    const history = new ModelHistory(store);
    await history.read(id);
    history.forget(id);
    store.deleteMessagesFrom(id, 4);
    exchange(id, 99);
    expect(await history.read(id)).toEqual(wholeHistory(id));
    expect(JSON.stringify(await history.read(id))).not.toContain('question 2');
  });

  it('reads a long history in pages, letting the event loop run between them', async () => {
    const { id } = store.createConversation();
    for (let n = 0; n < 800; n++) exchange(id, n);
    const original = store.listMessageContent.bind(store);
    const events: string[] = [];
    vi.spyOn(store, 'listMessageContent').mockImplementation((...args) => {
      const page = original(...args);
      events.push(page.messages.length > 0 ? 'page' : 'nothing new');
      return page;
    });
    let done = false;
    const tick = (): void => {
      events.push('tick');
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const history = new ModelHistory(store);
    history.warm(id);
    const read = await history.read(id);
    done = true;
    expect(read).toEqual(wholeHistory(id));
    // 1600 messages in pages of 500, then the read's own look for newer ones.
    expect(events.filter((e) => e !== 'tick')).toEqual([
      'page',
      'page',
      'page',
      'page',
      'nothing new',
    ]);
    // Never two pages in one turn of the event loop.
    expect(events.join(' ')).not.toMatch(/page page/u);
  });

  it('keeps a bounded number of conversations, the least recently used going first', async () => {
    const ids = [0, 1, 2].map(() => store.createConversation().id);
    for (const id of ids) exchange(id, 0);
    const history = new ModelHistory(store, { maxConversations: 2 });
    await history.read(ids[0] ?? '');
    await history.read(ids[1] ?? '');
    await history.read(ids[0] ?? '');
    await history.read(ids[2] ?? '');
    expect(history.size).toBe(2);
    const reads = vi.spyOn(store, 'listMessageContent');
    await history.read(ids[0] ?? '');
    await history.read(ids[1] ?? '');
    // The first was kept (used more recently); the second is read from the start again.
    expect(reads.mock.calls.map((call) => call[1])).toEqual([1, -1]);
  });
  it('takes the person’s new message as it was sent, without reading it back or committing it', async () => {
    const { id } = store.createConversation();
    const history = new ModelHistory(store);
    const reads = vi.spyOn(store, 'listMessageContent');
    const committedReads = vi.spyOn(store, 'listCommittedContent');
    const held = (text: string) =>
      store.holdMessage(id, { role: 'user', content: textContent(text) }).message;
    const committed = () => store.listCommittedContent(id, -1, 1000).messages.length;

    // A new conversation's first message.
    const first = held('hello');
    history.appended(id, first);
    expect(await history.read(id, first.ordinal)).toEqual([
      { role: 'user', content: textContent('hello') },
    ]);
    expect(committed()).toBe(0);
    expect(reads).not.toHaveBeenCalled();

    // After a turn (its reply commits the held message), the history is behind: the next read
    // asks the store once, for what is committed, and the new message stays held.
    store.appendMessage(id, { role: 'assistant', content: textContent('hi there') });
    const second = held('and you?');
    history.appended(id, second);
    committedReads.mockClear();
    const behind = await history.read(id, second.ordinal);
    expect(committedReads).toHaveBeenCalledTimes(1);
    expect(committed()).toBe(2);
    expect(behind).toEqual(wholeHistory(id));
    expect(committed()).toBe(3);

    // Up to date again: the third message is folded in as sent.
    store.appendMessage(id, { role: 'assistant', content: textContent('fine') });
    expect(await history.read(id)).toEqual(wholeHistory(id));
    const third = held('good');
    history.appended(id, third);
    committedReads.mockClear();
    expect(await history.read(id, third.ordinal)).toEqual(wholeHistory(id));
    expect(committedReads).not.toHaveBeenCalled();
  });

  it('leaves a message to the store while a read is under way', async () => {
    const { id } = store.createConversation();
    for (let n = 0; n < 3; n++) exchange(id, n);
    const history = new ModelHistory(store);
    history.warm(id);
    const message = store.appendMessage(id, { role: 'user', content: textContent('late') });
    history.appended(id, message);
    expect(await history.read(id, message.ordinal)).toEqual(wholeHistory(id));
  });
});
