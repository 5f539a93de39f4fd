import { describe, expect, it } from 'vitest';
import {
  chat,
  midStreamError,
  toolCall,
} from '../../../../e2e/fixtures/fakeOpenAi/chatReplies.mjs';
import type { ConversationMessage } from '../../../../shared/domain/conversationMessage';
import { AppErrorCode } from '../../../../shared/errors';
import type { ModelRequest, ModelStreamEvent } from '../ModelClient';
import { ToolNameMap } from '../ToolNameMap';
import { ChunkTranslator } from './ChunkTranslator';
import { listOpenAiModels } from './listOpenAiModels';
import { OpenAiCompatibleModel } from './OpenAiCompatibleModel';
import { CHAT_KEY, useFakeChatApi } from './testing/useFakeChatApi';

const api = useFakeChatApi();

async function collect(
  model: OpenAiCompatibleModel,
  request: Partial<ModelRequest>,
): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  const full: ModelRequest = {
    model: 'deepseek-chat',
    maxTokens: 100,
    tools: [],
    messages: [{ role: 'user', content: 'hi' }],
    ...request,
  };
  for await (const event of model.stream(full, new AbortController().signal)) events.push(event);
  return events;
}

const PNG = 'iVBORw0KGgo=';

/** A conversation Claude wrote: thinking, text, a tool call with a toolu_ id, an image result. */
const claudeHistory: ConversationMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'Show me the chart.' }] },
  {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'I should render it.', signature: 'sig' },
      { type: 'reasoning', text: 'Readable reasoning from another provider.' },
      { type: 'text', text: 'Rendering.' },
      { type: 'tool_use', id: 'toolu_01ABC', name: 'charts__render', input: { kind: 'bar' } },
    ],
  },
  {
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: 'toolu_01ABC',
        content: [
          { type: 'text', text: 'Rendered.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        ],
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Here it is.' }] },
  { role: 'user', content: 'Now in words.' },
];

describe('OpenAiCompatibleModel', () => {
  it('maps a history another provider wrote: ids kept, thinking and reasoning left out, images as a note', async () => {
    api.fake.script(chat('In words: bars.'));
    await collect(api.model(), { messages: claudeHistory });
    expect(api.sent(0).messages).toEqual([
      { role: 'user', content: 'Show me the chart.' },
      {
        role: 'assistant',
        content: 'Rendering.',
        tool_calls: [
          {
            id: 'toolu_01ABC',
            type: 'function',
            function: { name: 'charts__render', arguments: '{"kind":"bar"}' },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'toolu_01ABC',
        content:
          'Rendered.\n[an image (image/png) was here; DeepSeek models are not sent images, so it was left out]',
      },
      { role: 'assistant', content: 'Here it is.' },
      { role: 'user', content: 'Now in words.' },
    ]);
  });

  it('sends images a tool returned in a user message after the results, where the provider takes them', async () => {
    api.fake.script(chat('A bar chart.'));
    await collect(api.model({ images: true }), { messages: claudeHistory });
    const messages = api.sent(0).messages;
    expect(messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'toolu_01ABC',
      content: 'Rendered.\n[image/png image: sent in the next message]',
    });
    expect(messages[3]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Images returned by tool call toolu_01ABC:' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    });
  });

  it('sends attached images and text documents in the person’s message; a PDF becomes a note', async () => {
    const attached: ConversationMessage = {
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        {
          type: 'document',
          title: 'notes.txt',
          source: { type: 'text', media_type: 'text/plain', data: 'Buy milk.' },
        },
        {
          type: 'document',
          title: 'report.pdf',
          source: { type: 'base64', media_type: 'application/pdf', data: 'JVBE' },
        },
        { type: 'text', text: 'What is in these?' },
      ],
    };
    api.fake.script(chat('A chart, a note, a report.'), chat('Only words.'));
    await collect(api.model({ images: true }), { messages: [attached] });
    expect(api.sent(0).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
          { type: 'text', text: 'notes.txt\nBuy milk.' },
          {
            type: 'text',
            text: '[report.pdf was attached; DeepSeek is not sent PDFs, so it was left out]',
          },
          { type: 'text', text: 'What is in these?' },
        ],
      },
    ]);
    await collect(api.model(), { messages: [attached] });
    expect(api.sent(1).messages[0]?.content).toContain(
      '[an image (image/png) was here; DeepSeek models are not sent images, so it was left out]',
    );
  });

  it('sends tool names in the wire’s alphabet and reads calls back under the real name', async () => {
    const tools = [
      {
        modelName: 'look up: word',
        description: 'Looks a word up.',
        inputSchema: { type: 'object' },
      },
    ];
    api.fake.script((request) => {
      const body = request.body as { tools: Array<{ function: { name: string } }> };
      return chat({ toolCalls: [toolCall(body.tools[0]?.function.name ?? '', { word: 'host' })] });
    });
    const events = await collect(api.model(), { tools, toolChoice: 'any' });
    const sent = api.sent(0);
    expect(sent.tools?.[0]?.function.name).toMatch(/^look_up__word_[0-9a-f]{8}$/);
    expect(sent.tool_choice).toBe('required');
    const start = events.find((e) => e.type === 'blockStart' && e.block.type === 'toolUse');
    expect(start).toMatchObject({ block: { type: 'toolUse', name: 'look up: word' } });
    expect(events.at(-2)).toMatchObject({ type: 'messageDelta', stopReason: 'tool_use' });
  });

  it('inlines $ref schemas, and refuses a recursive one before sending anything', async () => {
    const address = { type: 'object', properties: { city: { type: 'string' } } };
    api.fake.script(chat('ok'));
    await collect(api.model(), {
      tools: [
        {
          modelName: 'ship',
          description: 'Ships a parcel.',
          inputSchema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            $defs: { address },
            properties: { to: { $ref: '#/$defs/address', description: 'Where' } },
          },
        },
      ],
    });
    expect(api.sent(0).tools?.[0]?.function.parameters).toEqual({
      type: 'object',
      properties: { to: { ...address, description: 'Where' } },
    });

    const tree = {
      type: 'object',
      $defs: {
        node: {
          type: 'object',
          properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
        },
      },
      properties: { root: { $ref: '#/$defs/node' } },
    };
    await expect(
      collect(api.model(), {
        tools: [{ modelName: 'fs__tree', description: 'd', inputSchema: tree }],
      }),
    ).rejects.toMatchObject({
      code: AppErrorCode.LlmBadRequest,
      message: expect.stringContaining(
        'The tool “fs__tree” cannot be offered to DeepSeek: its input schema refers to itself',
      ) as string,
    });
    expect(api.fake.chatRequests).toHaveLength(1);
  });

  it('spells the length limit, stop sequences and the stop reasons as the provider does', async () => {
    const openai = new OpenAiCompatibleModel(
      { label: 'OpenAI', baseURL: api.fake.url, apiKey: CHAT_KEY, needsKey: true },
      { images: true, maxTokensField: 'max_completion_tokens' },
    );
    api.fake.script(chat('cut', { finishReason: 'length' }));
    const events = await collect(openai, { stopSequences: ['a', 'b', 'c', 'd', 'e'] });
    expect(api.sent(0)).toMatchObject({ max_completion_tokens: 100, stop: ['a', 'b', 'c', 'd'] });
    expect(api.sent(0)).not.toHaveProperty('max_tokens');
    expect(events.at(-2)).toMatchObject({ type: 'messageDelta', stopReason: 'max_tokens' });
  });

  it('turns an error sent inside the stream into the plain message', async () => {
    api.fake.script(midStreamError('partial answer', 4));
    await expect(collect(api.model(), {})).rejects.toMatchObject({
      code: AppErrorCode.LlmServer,
      message: expect.stringContaining('The DeepSeek API failed: Overloaded') as string,
    });
  });
});

describe('ChunkTranslator', () => {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    ({
      id: 'x',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finish }],
    }) as never;

  it('holds arguments until a late name arrives, and reads `stop` with calls as tool use', () => {
    const translator = new ChunkTranslator(new ToolNameMap(['echo']));
    const events = [
      ...translator.push(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"te' } }] })),
      ...translator.push(
        chunk({ tool_calls: [{ index: 0, function: { name: 'echo', arguments: 'xt":1}' } }] }),
      ),
      ...translator.push(chunk({}, 'stop')),
      ...translator.finish(),
    ];
    expect(events).toEqual([
      { type: 'messageStart' },
      {
        type: 'blockStart',
        index: 0,
        block: { type: 'toolUse', id: expect.stringMatching(/^call_/) as string, name: 'echo' },
      },
      // What came before the name, and the fragment that named it, as one delta.
      { type: 'blockDelta', index: 0, delta: { type: 'toolInput', json: '{"text":1}' } },
      { type: 'blockStop', index: 0 },
      { type: 'messageDelta', stopReason: 'tool_use' },
      { type: 'messageStop' },
    ]);
  });

  it('says nothing more when the stream never told how it finished', () => {
    const translator = new ChunkTranslator(new ToolNameMap());
    expect(translator.push(chunk({ content: 'half' }))).toHaveLength(3);
    expect(translator.finish()).toEqual([]);
  });
});

describe('listOpenAiModels', () => {
  it('lists the provider’s models; a missing key fails before any request', async () => {
    const connection = {
      label: 'DeepSeek',
      baseURL: api.fake.url,
      apiKey: CHAT_KEY,
      needsKey: true,
    };
    const models = await listOpenAiModels(connection);
    expect(models.map((m) => m.id)).toEqual([
      'deepseek-chat',
      'deepseek-reasoner',
      'qwen3-coder-plus',
    ]);
    expect(models[0]).toEqual({
      id: 'deepseek-chat',
      displayName: 'deepseek-chat',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    api.fake.reset();
    await expect(listOpenAiModels({ ...connection, apiKey: undefined })).rejects.toMatchObject({
      code: AppErrorCode.LlmAuth,
      message: 'No DeepSeek API key is set. Add one in Settings.',
    });
    expect(api.fake.requests).toEqual([]);
  });
});
