import { describe, expect, it } from 'vitest';
import { attachmentInputsSchema } from '../../../shared/domain/attachments';
import { promptInsertion } from './promptInsertion';

describe('prompt messages into the composer', () => {
  it('joins user text into editable composer text', () => {
    expect(
      promptInsertion('everything', [
        { role: 'user', content: { type: 'text', text: 'Please promote Bob.' } },
        { role: 'user', content: [{ type: 'text', text: 'Thanks.' }] },
      ]),
    ).toEqual({ text: 'Please promote Bob.\n\nThanks.', attachments: [] });
  });

  it('labels roles when the prompt also speaks as the assistant', () => {
    expect(
      promptInsertion('s', [
        { role: 'user', content: { type: 'text', text: 'Hi' } },
        { role: 'assistant', content: { type: 'text', text: 'Hello' } },
      ]).text,
    ).toBe('User: Hi\n\nAssistant: Hello');
  });

  it('makes embedded resources, images and links attachments (valid for conversation.send)', () => {
    const result = promptInsertion('everything', [
      {
        role: 'user',
        content: { type: 'text', text: 'Please analyze the following resource:' },
      },
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: {
            uri: 'demo://resource/dynamic/text/3',
            mimeType: 'text/plain',
            text: 'Resource 3: plaintext',
          },
        },
      },
      { role: 'user', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'resource_link', uri: 'file:///a.md', name: 'a.md' } },
      { role: 'user', content: { type: 'mystery' } },
      'not a message',
    ]);
    expect(result.text).toBe('Please analyze the following resource:');
    expect(result.attachments).toEqual([
      {
        kind: 'inline',
        server: 'everything',
        origin: 'prompt',
        name: '3',
        uri: 'demo://resource/dynamic/text/3',
        mimeType: 'text/plain',
        text: 'Resource 3: plaintext',
      },
      {
        kind: 'inline',
        server: 'everything',
        origin: 'prompt',
        name: 'image 1',
        mimeType: 'image/png',
        blob: 'iVBORw0KGgo=',
      },
      { kind: 'resource', server: 'everything', uri: 'file:///a.md' },
    ]);
    expect(attachmentInputsSchema.safeParse(result.attachments).success).toBe(true);
  });

  it('keeps a blob resource as base64', () => {
    const { attachments } = promptInsertion('s', [
      {
        role: 'user',
        content: { type: 'resource', resource: { uri: 'x://b/', blob: 'AAEC' } },
      },
    ]);
    expect(attachments).toEqual([
      { kind: 'inline', server: 's', origin: 'prompt', name: 'b', uri: 'x://b/', blob: 'AAEC' },
    ]);
  });
});
