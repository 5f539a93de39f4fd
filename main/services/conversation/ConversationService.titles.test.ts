import { describe, expect, it } from 'vitest';
import { plainText } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { TITLE_SYSTEM_PROMPT } from './generateTitle';
import { useConversationHost } from './testing/useConversationHost';

const fixture = useConversationHost();

interface Body {
  model: string;
  system: { text: string }[];
  messages: { content: { text: string }[] }[];
}

describe('ConversationService titles', () => {
  it('names a new conversation with its own model after the first exchange, in its language', async () => {
    const host = await fixture.start();
    fixture.fake.script(plainText('巴黎明天多云，气温 12 到 18 度。')).scriptTitle('巴黎天气');
    const { id } = host.conversations.create();
    host.conversations.send(id, '明天巴黎的天气怎么样？', 'claude-opus-4-1');
    await host.conversations.settled(id);
    await expect.poll(() => host.conversations.get(id).conversation.title).toBe('巴黎天气');
    const [request] = fixture.fake.titleRequests;
    const body = request?.body as Body;
    expect(body.model).toBe('claude-opus-4-1');
    expect(body.system[0]?.text).toBe(TITLE_SYSTEM_PROMPT);
    expect(body.messages[0]?.content[0]?.text).toContain('Person: 明天巴黎的天气怎么样？');
    expect(body.messages[0]?.content[0]?.text).toContain('Assistant: 巴黎明天多云');
    // Only the first exchange names it.
    fixture.fake.script(plainText('Sure.'));
    host.conversations.send(id, 'Thanks');
    await host.conversations.settled(id);
    expect(fixture.fake.titleRequests).toHaveLength(1);
  });

  it('keeps a title the person gave meanwhile', async () => {
    const host = await fixture.start();
    fixture.fake.script(plainText('Hello!')).scriptTitle('Greeting');
    const { id } = host.conversations.create();
    host.conversations.send(id, 'Hi there');
    host.conversations.rename(id, 'My own name');
    await host.conversations.settled(id);
    await host.conversations.titlesWritten();
    expect(fixture.fake.titleRequests).toHaveLength(1);
    expect(host.conversations.get(id).conversation.title).toBe('My own name');
  });

  it('writes no title for a headless run', async () => {
    const host = await fixture.start({ headless: { policy: 'all' } });
    fixture.fake.script(plainText('Done.')).scriptTitle('Unused');
    const { id } = host.conversations.create();
    host.conversations.send(id, 'Do it');
    await host.conversations.settled(id);
    await host.conversations.titlesWritten();
    expect(fixture.fake.titleRequests).toHaveLength(0);
    expect(host.conversations.get(id).conversation.title).toBe('Do it');
  });
});
