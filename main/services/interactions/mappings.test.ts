import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from '../models/ModelClient';
import { scriptedMessage } from '../conversation/testing/ScriptedModel';
import { generateSample } from './generateSample';
import { pickModel } from './pickModel';
import { toModelRequest } from './toModelRequest';
import { toSamplingResult } from './toSamplingResult';

const models = ['claude-opus-5-5', 'claude-sonnet-5-5', 'claude-haiku-5-5', 'claude-sonnet-4-5'];

describe('pickModel', () => {
  it('maps the first matching hint to an available model, else the listed default', () => {
    expect(pickModel({ hints: [{ name: 'gpt-4' }, { name: 'sonnet' }] }, models, 'd')).toBe(
      'claude-sonnet-5-5',
    );
    expect(pickModel({ hints: [{ name: 'claude-sonnet-4-5' }] }, models, 'd')).toBe(
      'claude-sonnet-4-5',
    );
    expect(pickModel({ hints: [{ name: 'HAIKU' }] }, models, 'd')).toBe('claude-haiku-5-5');
    expect(pickModel({ hints: [{}, { name: 'llama' }] }, models, 'claude-haiku-5-5')).toBe(
      'claude-haiku-5-5',
    );
    expect(pickModel(undefined, models, 'claude-haiku-5-5')).toBe('claude-haiku-5-5');
    // Nothing listed to check against: the default.
    expect(pickModel(undefined, [], 'd')).toBe('d');
  });

  it('never suggests a default the provider does not list: its provider’s first, else any', () => {
    const refs = ['anthropic/claude-opus-5-5', 'deepseek/deepseek-chat', 'ollama/qwen3:8b'];
    expect(pickModel(undefined, refs, 'anthropic/claude-sonnet-5-5')).toBe(
      'anthropic/claude-opus-5-5',
    );
    expect(pickModel({ hints: [{ name: 'llama' }] }, refs, 'ollama/gone')).toBe('ollama/qwen3:8b');
    expect(pickModel(undefined, refs, 'lmstudio/x')).toBe('anthropic/claude-opus-5-5');
  });

  it('matches hints across providers, preferring the default model’s provider', () => {
    const refs = [
      'anthropic/claude-sonnet-5-5',
      'deepseek/deepseek-chat',
      'deepseek/deepseek-reasoner',
      'openrouter/anthropic/claude-sonnet-5-5',
      'openrouter/qwen/qwen3-coder',
      'ollama/qwen3:8b',
    ];
    // A hint for another provider's model finds it there.
    expect(pickModel({ hints: [{ name: 'deepseek-chat' }] }, refs, 'anthropic/x')).toBe(
      'deepseek/deepseek-chat',
    );
    // The same model at two providers: the default model's provider wins.
    expect(pickModel({ hints: [{ name: 'sonnet' }] }, refs, 'anthropic/x')).toBe(
      'anthropic/claude-sonnet-5-5',
    );
    expect(pickModel({ hints: [{ name: 'sonnet' }] }, refs, 'openrouter/y')).toBe(
      'openrouter/anthropic/claude-sonnet-5-5',
    );
    expect(pickModel({ hints: [{ name: 'qwen3' }] }, refs, 'ollama/z')).toBe('ollama/qwen3:8b');
    // Provider names are not model names: a hint matches the model part only.
    expect(pickModel({ hints: [{ name: 'openrouter' }] }, refs, 'anthropic/x')).toBe(
      'anthropic/claude-sonnet-5-5',
    );
  });
});

describe('toModelRequest', () => {
  it('maps MCP content, tools and tool choice to the Messages API', () => {
    const request = toModelRequest(
      {
        systemPrompt: 'sys',
        maxTokens: 99,
        temperature: 0.2,
        stopSequences: ['END'],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image', data: 'AAAA', mimeType: 'image/png' },
              { type: 'image', data: 'AAAA', mimeType: 'image/bmp' },
              { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
            ],
          },
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: { q: 1 } }],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                toolUseId: 't1',
                content: [{ type: 'text', text: 'found' }],
                isError: true,
              },
            ],
          },
        ],
        tools: [{ name: 'lookup', inputSchema: { type: 'object' } }],
        toolChoice: { mode: 'required' },
      },
      'claude-x',
      50,
    );
    expect(request).toEqual({
      model: 'claude-x',
      maxTokens: 50,
      system: 'sys',
      stopSequences: ['END'],
      toolChoice: 'any',
      tools: [{ modelName: 'lookup', description: 'lookup', inputSchema: { type: 'object' } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
            { type: 'text', text: '[image image/bmp content the model cannot read was left out]' },
            { type: 'text', text: '[audio audio/wav content the model cannot read was left out]' },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: { q: 1 } }],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'text', text: 'found' }],
              is_error: true,
            },
          ],
        },
      ],
    });
  });
});

describe('generateSample and toSamplingResult', () => {
  const events: ModelStreamEvent[] = scriptedMessage([
    { type: 'text', text: 'Let me look.' },
    { type: 'tool_use', id: 'tu1', name: 'lookup', json: '{"q":2}' },
  ]);
  const client = {
    label: 'Scripted',
    async *stream() {
      await Promise.resolve();
      yield* events;
    },
  };

  it('reads the stream into MCP blocks with the MCP stop reason', async () => {
    const result = await generateSample(
      client,
      { messages: [], maxTokens: 10, tools: [{ name: 'lookup', inputSchema: {} }] },
      'claude-x',
      10,
      new AbortController().signal,
    );
    expect(result).toEqual({
      model: 'claude-x',
      stopReason: 'toolUse',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'tu1', name: 'lookup', input: { q: 2 } },
      ],
    });
    expect(toSamplingResult(result, true)).toEqual({
      model: 'claude-x',
      role: 'assistant',
      stopReason: 'toolUse',
      content: result.content,
    });
    // Without tools the 2025 shape has one content block: the text.
    expect(toSamplingResult(result, false)).toEqual({
      model: 'claude-x',
      role: 'assistant',
      stopReason: 'toolUse',
      content: { type: 'text', text: 'Let me look.' },
    });
  });

  it('a stream that ends early is an error, not a short answer', async () => {
    const short = {
      label: 'Scripted',
      async *stream() {
        await Promise.resolve();
        yield* events.slice(0, 3);
      },
    };
    await expect(
      generateSample(short, { messages: [], maxTokens: 1 }, 'm', 1, new AbortController().signal),
    ).rejects.toThrow('ended before it was complete');
  });
});
