import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../../shared/domain/conversationMessage';
import { wireBodyText as text } from '../testing/wireBodyText';
import { ToolNameMap } from '../ToolNameMap';
import { toChatBody } from './toChatBody';

const history: ConversationMessage[] = [
  { role: 'user', content: 'look "it" up' },
  { role: 'assistant', content: 'found it' },
];

const options = { images: false, provider: 'DeepSeek', maxTokensField: 'max_tokens' } as const;

describe('toChatBody', () => {
  it('is the JSON of the whole request: the system message first, messages last', async () => {
    const request = { model: 'deepseek-chat', maxTokens: 64, tools: [], messages: history };
    const body = await text(
      toChatBody({ ...request, system: 'Be brief.' }, new ToolNameMap([]), options),
    );
    const value = JSON.parse(body) as Record<string, unknown>;
    expect(body).toBe(JSON.stringify(value));
    expect(Object.keys(value).at(-1)).toBe('messages');
    expect(value).toMatchObject({
      model: 'deepseek-chat',
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'look "it" up' },
        { role: 'assistant', content: 'found it' },
      ],
    });
    // Without a system prompt or history, still a well-formed array.
    expect(
      JSON.parse(
        await text(toChatBody({ ...request, messages: [] }, new ToolNameMap([]), options)),
      ),
    ).toMatchObject({
      messages: [],
    });
    expect(
      JSON.parse(
        await text(
          toChatBody({ ...request, messages: [], system: 'S' }, new ToolNameMap([]), options),
        ),
      ),
    ).toMatchObject({ messages: [{ role: 'system', content: 'S' }] });
  });
});
