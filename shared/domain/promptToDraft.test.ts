import { describe, expect, it } from 'vitest';
import { promptToDraft } from './promptToDraft';

describe('promptToDraft', () => {
  it('joins a single-role prompt’s text and keeps media and resources as attachments', () => {
    const draft = promptToDraft('s', [
      { role: 'user', content: { type: 'text', text: 'First' } },
      { role: 'user', content: { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' } },
      { role: 'user', content: { type: 'text', text: 'Second' } },
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'file:///a/b%20c.png', mimeType: 'image/png', blob: 'iVBO' },
        },
      },
      { role: 'user', content: { type: 'resource_link', uri: 'file:///x.txt', name: 'x' } },
    ]);
    expect(draft.text).toBe('First\n\nSecond');
    expect(draft.attachments).toEqual([
      {
        kind: 'inline',
        server: 's',
        origin: 'prompt',
        name: 'audio 1',
        mimeType: 'audio/wav',
        blob: 'AAAA',
      },
      {
        kind: 'inline',
        server: 's',
        origin: 'prompt',
        name: 'b c.png',
        mimeType: 'image/png',
        uri: 'file:///a/b%20c.png',
        blob: 'iVBO',
      },
      { kind: 'resource', server: 's', uri: 'file:///x.txt' },
    ]);
  });

  it('says who speaks when a prompt mixes roles, and skips what it cannot read', () => {
    const draft = promptToDraft('s', [
      { role: 'user', content: { type: 'text', text: 'Question?' } },
      { role: 'assistant', content: { type: 'text', text: 'Answer.' } },
      { role: 'user', content: { type: 'unknown-kind', text: 'ignored' } },
      'not a message',
      { role: 'user', content: { type: 'resource_link' } },
    ]);
    expect(draft).toEqual({ text: 'User: Question?\n\nAssistant: Answer.', attachments: [] });
  });
});
