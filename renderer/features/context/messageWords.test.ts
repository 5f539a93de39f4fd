import { describe, expect, it } from 'vitest';
import type { AttachmentView } from '../../../shared/domain/attachments';
import { messageWords } from './messageWords';

const readme: AttachmentView = {
  server: 'everything',
  origin: 'resource',
  uri: 'demo://resource/static/document/README.md',
  name: 'README.md',
  size: 120,
  as: 'document',
};

describe('the person’s words in a message', () => {
  it('joins text blocks of a message without attachments', () => {
    expect(
      messageWords({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('a\n\nb');
  });

  it('takes only the last text block when attachments came first', () => {
    expect(
      messageWords({
        attachments: [readme],
        content: [
          {
            type: 'document',
            source: { type: 'text', media_type: 'text/plain', data: '# README' },
            title: 'README.md',
          },
          { type: 'text', text: 'Summarize this' },
        ],
      }),
    ).toBe('Summarize this');
  });

  it('does not mistake an attachment note for words', () => {
    expect(
      messageWords({
        attachments: [{ ...readme, as: 'note', mimeType: 'application/zip' }],
        content: [
          {
            type: 'text',
            text: '[Attached x.zip (application/zip, 2 KB) — binary content not sent]',
          },
        ],
      }),
    ).toBe('');
  });
});
