import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../shared/domain/conversationMessage';
import type { ModelRequest } from '../ModelClient';
import { wireBodyText as text } from '../testing/wireBodyText';
import { ToolNameMap } from '../ToolNameMap';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { buildMessageBody } from './buildMessageBody';

/** The body as the API reads it. */
async function sent(
  request: ModelRequest,
  names: ToolNameMap,
): Promise<{ messages: MessageParam[] } & Record<string, unknown>> {
  return JSON.parse(await text(buildMessageBody(request, names))) as { messages: MessageParam[] };
}

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

describe('buildMessageBody', () => {
  it('reuses the previous request of a conversation only as far as its messages are the same', async () => {
    const names = () => new ToolNameMap(['files.find']);
    const fresh = async (messages: ConversationMessage[]) =>
      (await sent(request(structuredClone(messages)), names())).messages;
    const base: ConversationMessage[] = [...history, { role: 'assistant', content: 'done' }];
    buildMessageBody(request(base), names());
    // Grown by a turn: the same as converting it all anew.
    const grown: ConversationMessage[] = [...base, { role: 'user', content: 'and now?' }];
    expect((await sent(request(grown), names())).messages).toEqual(await fresh(grown));
    // Its last message replaced (two messages of one role merged): converted again from there.
    const merged: ConversationMessage[] = [
      ...base.slice(0, 3),
      { role: 'assistant', content: 'done, and more' },
    ];
    expect((await sent(request(merged), names())).messages).toEqual(await fresh(merged));
    // Shorter (a retry dropped the end).
    expect((await sent(request(base.slice(0, 2)), names())).messages).toEqual(
      await fresh(base.slice(0, 2)),
    );
    // A request without the tool: its name is fitted afresh, nothing reused.
    const bare = { ...request(grown), tools: [] };
    expect((await sent(bare, new ToolNameMap([]))).messages).toEqual(
      (await sent({ ...bare, messages: structuredClone(grown) }, new ToolNameMap([]))).messages,
    );
  });

  it('converts and encodes each history message once: a later turn reuses its JSON', async () => {
    const names = () => new ToolNameMap(['files.find']);
    const messages = structuredClone(history);
    const first = await sent(request(messages), names());
    // Against the history's contract (never changed once handed out), to see what is reused:
    // the change does not show, so the message was not converted again.
    (messages[0] as { content: string }).content = 'changed';
    const next: ConversationMessage = { role: 'assistant', content: 'done' };
    const second = await sent(request([...messages, next]), names());
    expect(second.messages.slice(0, 3)).toEqual(first.messages);
    expect(second.messages[3]).toEqual({ role: 'assistant', content: 'done' });
  });

  it('is the JSON of the whole request, messages last', async () => {
    const body = await text(
      buildMessageBody(
        { ...request(history), system: 'Be brief.', stopSequences: ['END'], toolChoice: 'auto' },
        new ToolNameMap(['files.find']),
      ),
    );
    const value = await sent(
      { ...request(history), system: 'Be brief.', stopSequences: ['END'], toolChoice: 'auto' },
      new ToolNameMap(['files.find']),
    );
    expect(body).toBe(JSON.stringify(value));
    expect(Object.keys(value)).toEqual([
      'model',
      'max_tokens',
      'stream',
      'tools',
      'system',
      'stop_sequences',
      'tool_choice',
      'messages',
    ]);
    expect(value).toMatchObject({ model: 'claude-sonnet-5-5', max_tokens: 64, stream: true });
  });

  it('fits ids and names and leaves reasoning out, also for a message converted before', async () => {
    const names = new ToolNameMap(['files.find']);
    buildMessageBody(request(history), new ToolNameMap(['files.find']));
    const params = await sent(request(history), names);
    const assistant = params.messages[1];
    const block = Array.isArray(assistant?.content) ? assistant.content : [];
    expect(block).toHaveLength(1);
    expect(block[0]).toMatchObject({ type: 'tool_use', name: names.wire('files.find') });
    expect((block[0] as { id: string }).id).toMatch(/^[a-zA-Z0-9_-]+$/);
    // A call of the tool by its wire name maps back: the map learned it from the tools.
    expect(names.original(names.wire('files.find'))).toBe('files.find');
  });
});
