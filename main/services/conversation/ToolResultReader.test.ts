import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationStore } from '../store/ConversationStore';
import { TempStoreDir, textContent } from '../store/testing/TempStoreDir';
import { ToolResultReader } from './ToolResultReader';

let temp: TempStoreDir;
let store: ConversationStore;
const big = 'line of output\n'.repeat(20_000);

beforeEach(() => {
  temp = new TempStoreDir();
  store = temp.open();
  const { id } = store.createConversation();
  const message = store.appendMessage(id, {
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'toolu_1', name: 'files__read', input: {} }],
  });
  store.recordToolCall({
    id: 'toolu_1',
    messageId: message.id,
    server: 'files',
    toolName: 'read',
    modelName: 'files__read',
    arguments: {},
  });
  store.finishToolCall('toolu_1', {
    status: 'done',
    result: {
      content: [
        { type: 'text', text: big },
        { type: 'text', text: 'short' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: big } },
      ],
    },
    modelResult: textContent('cut'),
  });
});
afterEach(() => temp.cleanup());

describe('ToolResultReader', () => {
  it('gives the whole result when asked for it whole', () => {
    const { outcome, cut } = new ToolResultReader(store).read('toolu_1');
    expect(cut).toBeUndefined();
    expect(outcome.content[0]).toEqual({ type: 'text', text: big });
  });

  it('cuts long text blocks and says how long they really are', () => {
    const { outcome, cut } = new ToolResultReader(store).read('toolu_1', 1000);
    expect(cut).toEqual([
      { block: 0, chars: big.length },
      { block: 2, chars: big.length },
    ]);
    expect(outcome.content[0]).toEqual({ type: 'text', text: big.slice(0, 1000) });
    expect(outcome.content[1]).toEqual({ type: 'text', text: 'short' });
    expect(outcome.content[2]).toEqual({
      type: 'resource',
      resource: { uri: 'file:///a.txt', text: big.slice(0, 1000) },
    });
  });

  it('reads the rest in slices that put the text back together, parsing the result once', () => {
    const reader = new ToolResultReader(store);
    const loads = vi.spyOn(store, 'getToolCall');
    reader.read('toolu_1', 1000);
    let text = '';
    for (let offset = 0; offset < big.length; offset += 64 * 1024) {
      const slice = reader.text('toolu_1', 0, offset, 64 * 1024);
      expect(slice.totalChars).toBe(big.length);
      text += slice.text;
    }
    expect(text).toBe(big);
    expect(reader.text('toolu_1', 2, big.length - 5, 100).text).toBe(big.slice(-5));
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('refuses a block that has no text, and a call that does not exist', () => {
    const reader = new ToolResultReader(store);
    expect(() => reader.text('toolu_1', 7, 0, 10)).toThrow(/no text block 7/u);
    expect(() => reader.read('toolu_none')).toThrow(/no tool call toolu_none/u);
  });

  it('parses again after being told to forget, and after a minute unused', () => {
    let now = 0;
    const reader = new ToolResultReader(store, () => now);
    const loads = vi.spyOn(store, 'getToolCall');
    reader.read('toolu_1');
    reader.forget();
    reader.read('toolu_1');
    now += 61_000;
    reader.read('toolu_1');
    expect(loads).toHaveBeenCalledTimes(3);
  });
});
