import { describe, expect, it } from 'vitest';
import {
  connectionCutMidStream,
  plainText,
} from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { CONTINUE_INSTRUCTION } from './continueReply';
import { useConversationHost } from './testing/useConversationHost';

const fixture = useConversationHost();

interface Body {
  messages: { role: string; content: { type: string; text?: string }[] | string }[];
}

describe('ConversationService.continue', () => {
  it('keeps a cut-off reply and asks the model to go on from it; later turns see one reply', async () => {
    const host = await fixture.start();
    fixture.fake.script(
      connectionCutMidStream({ answer: 'The three steps are: one, two', afterChars: 18 }),
    );
    const { id } = host.conversations.create();
    host.conversations.send(id, 'List the steps');
    expect((await host.conversations.settled(id))?.stop.reason).toBe('failed');
    const cut = host.conversations.get(id).messages.at(-1);
    expect(cut).toMatchObject({ role: 'assistant', status: 'failed' });
    expect(JSON.stringify(cut?.content)).toContain('The three steps a');

    fixture.fake.script(plainText('re: one, two and three.'));
    host.conversations.continue(id);
    expect((await host.conversations.settled(id))?.stop.reason).toBe('end_turn');
    // The request carried the partial reply, then the instruction to continue it.
    const request = fixture.fake.messageRequests.at(-1)?.body as Body;
    expect(request.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(request.messages[1])).toContain('The three steps a');
    expect(JSON.stringify(request.messages[2])).toContain(CONTINUE_INSTRUCTION);
    // Both stay: the cut part (still marked failed) and its continuation.
    const messages = host.conversations.get(id).messages;
    expect(messages.map((m) => `${m.role}:${m.status}`)).toEqual([
      'user:complete',
      'assistant:failed',
      'assistant:complete',
    ]);

    // The next turn's history has one reply made of both parts, and no instruction.
    fixture.fake.script(plainText('You are welcome.'));
    host.conversations.send(id, 'Thanks');
    await host.conversations.settled(id);
    const next = fixture.fake.messageRequests.at(-1)?.body as Body;
    expect(next.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(next.messages[1])).toContain('re: one, two and three.');
    expect(JSON.stringify(next.messages)).not.toContain(CONTINUE_INSTRUCTION);
  });

  it('refuses when the newest reply was not cut off', async () => {
    const host = await fixture.start();
    fixture.fake.script(plainText('Complete answer.'));
    const { id } = host.conversations.create();
    host.conversations.send(id, 'hello');
    await host.conversations.settled(id);
    expect(() => host.conversations.continue(id)).toThrow(/no cut-off reply/);
  });
});
