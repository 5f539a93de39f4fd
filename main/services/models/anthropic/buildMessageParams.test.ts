import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../shared/domain/conversationMessage';
import type { ModelRequest } from '../ModelClient';
import { ToolNameMap } from '../ToolNameMap';
import { buildMessageParams } from './buildMessageParams';

const history: ConversationMessage[] = [
  { role: 'user', content: 'look it up' },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking aloud' },
      { type: 'tool_use', id: 'functions.find:0', name: 'files.find', input: { q: 'x' } },
    ],
  },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'functions.find:0',
        content: [{ type: 'text', text: 'found' }],
      },
    ],
  },
];

function request(messages: readonly ConversationMessage[]): ModelRequest {
  return {
    model: 'claude-sonnet-5-5',
    maxTokens: 64,
    tools: [{ modelName: 'files.find', description: 'Finds files', inputSchema: {} }],
    messages,
  };
}

describe('buildMessageParams', () => {
  it('reuses the previous request of a conversation only as far as its messages are the same', () => {
    const names = () => new ToolNameMap(['files.find']);
    const fresh = (messages: ConversationMessage[]) =>
      buildMessageParams(request(structuredClone(messages)), names()).messages;
    const base: ConversationMessage[] = [...history, { role: 'assistant', content: 'done' }];
    buildMessageParams(request(base), names());
    // Grown by a turn: the same as converting it all anew.
    const grown: ConversationMessage[] = [...base, { role: 'user', content: 'and now?' }];
    expect(buildMessageParams(request(grown), names()).messages).toEqual(fresh(grown));
    // Its last message replaced (two messages of one role merged): converted again from there.
    const merged: ConversationMessage[] = [
      ...base.slice(0, 3),
      { role: 'assistant', content: 'done, and more' },
    ];
    expect(buildMessageParams(request(merged), names()).messages).toEqual(fresh(merged));
    // Shorter (a retry dropped the end).
    expect(buildMessageParams(request(base.slice(0, 2)), names()).messages).toEqual(
      fresh(base.slice(0, 2)),
    );
    // A request without the tool: its name is fitted afresh, nothing reused.
    const bare = { ...request(grown), tools: [] };
    expect(buildMessageParams(bare, new ToolNameMap([])).messages).toEqual(
      buildMessageParams({ ...bare, messages: structuredClone(grown) }, new ToolNameMap([]))
        .messages,
    );
  });

  it('converts each history message once: a later turn reuses its wire form', () => {
    const names = () => new ToolNameMap(['files.find']);
    const first = buildMessageParams(request(history), names());
    const next: ConversationMessage = { role: 'assistant', content: 'done' };
    const second = buildMessageParams(request([...history, next]), names());

    expect(second.messages.slice(0, 3)).toEqual(first.messages);
    // The very same objects: nothing of the history was converted again.
    second.messages.slice(0, 3).forEach((message, index) => {
      expect(message).toBe(first.messages[index]);
    });
    expect(second.messages[3]).toEqual({ role: 'assistant', content: 'done' });
  });

  it('fits ids and names and leaves reasoning out, also for a message converted before', () => {
    const names = new ToolNameMap(['files.find']);
    buildMessageParams(request(history), new ToolNameMap(['files.find']));
    const params = buildMessageParams(request(history), names);
    const assistant = params.messages[1];
    const block = Array.isArray(assistant?.content) ? assistant.content : [];
    expect(block).toHaveLength(1);
    expect(block[0]).toMatchObject({ type: 'tool_use', name: names.wire('files.find') });
    expect((block[0] as { id: string }).id).toMatch(/^[a-zA-Z0-9_-]+$/);
    // A call of the tool by its wire name maps back: the map learned it from the tools.
    expect(names.original(names.wire('files.find'))).toBe('files.find');
  });
});
