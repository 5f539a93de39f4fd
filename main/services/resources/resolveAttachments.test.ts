import { describe, expect, it } from 'vitest';
import { AppErrorCode } from '../../../shared/errors';
import { MAX_IMAGE_BASE64_BYTES, resolveAttachments } from './resolveAttachments';
import { keptAttachmentBlocks, userContent } from './userContent';

const read = (contents: unknown[]) => () => Promise.resolve({ contents });

describe('resolveAttachments', () => {
  it('maps each image type the API takes to an image block and others to a note', async () => {
    const { blocks, views } = await resolveAttachments(
      [
        { kind: 'resource', server: 's', uri: 'x://a.gif' },
        { kind: 'resource', server: 's', uri: 'x://b.svg' },
      ],
      (_server, uri) =>
        uri.endsWith('gif')
          ? read([{ uri, mimeType: 'IMAGE/GIF', blob: 'R0lGOD' }])()
          : read([{ uri, mimeType: 'image/svg+xml', blob: 'PHN2Zz4=' }])(),
    );
    expect(blocks).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGOD' } },
      { type: 'text', text: '[Attached b.svg (image/svg+xml, 5 B) — binary content not sent]' },
    ]);
    expect(views.map((v) => [v.as, v.size])).toEqual([
      ['image', 4],
      ['note', 5],
    ]);
  });

  it('refuses an image the model would refuse, naming it, and takes one just under the limit', async () => {
    const png = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
    const limit = (MAX_IMAGE_BASE64_BYTES / 4) * 3;
    await expect(
      resolveAttachments(
        [{ kind: 'resource', server: 's', uri: 'x://shot.png' }],
        read([{ uri: 'x://shot.png', mimeType: 'image/png', blob: png(limit + 3) }]),
      ),
    ).rejects.toMatchObject({
      code: AppErrorCode.Validation,
      message: /shot\.png is .*Attach a smaller/,
    });
    const { views } = await resolveAttachments(
      [{ kind: 'resource', server: 's', uri: 'x://ok.png' }],
      read([{ uri: 'x://ok.png', mimeType: 'image/png', blob: png(limit) }]),
    );
    expect(views[0]?.as).toBe('image');
  });

  it('gives every content of a multi-part resource its own block, and notes empty text', async () => {
    const { blocks, views } = await resolveAttachments(
      [{ kind: 'resource', server: 's', uri: 'x://dir/' }],
      read([
        { uri: 'x://dir/1', text: 'one' },
        { uri: 'x://dir/2', text: '' },
      ]),
    );
    expect(blocks).toMatchObject([
      { type: 'document', title: 'dir (1)', source: { data: 'one' } },
      { type: 'text', text: '[Attached dir (2) (text) — empty]' },
    ]);
    expect(views).toEqual([
      { server: 's', origin: 'resource', uri: 'x://dir/', name: 'dir', size: 3, as: 'document' },
    ]);
  });

  it('refuses more text than the limit, counting what would be sent', async () => {
    await expect(
      resolveAttachments(
        [{ kind: 'inline', server: 's', origin: 'prompt', name: 'n', text: 'x'.repeat(11) }],
        read([]),
        { maxBytes: 1000, maxTextChars: 10 },
      ),
    ).rejects.toMatchObject({ code: AppErrorCode.Validation, message: /11 characters/ });
    // A note sends none of the binary, so a big unsupported blob is no problem.
    await expect(
      resolveAttachments(
        [
          {
            kind: 'inline',
            server: 's',
            origin: 'prompt',
            name: 'n',
            mimeType: 'application/zip',
            blob: 'A'.repeat(4000),
          },
        ],
        read([]),
        { maxBytes: 1000, maxTextChars: 10 },
      ),
    ).resolves.toMatchObject({ views: [{ as: 'note', size: 3000 }] });
  });
});

describe('userContent and keptAttachmentBlocks', () => {
  const doc = {
    type: 'document' as const,
    source: { type: 'text' as const, media_type: 'text/plain' as const, data: 'd' },
  };
  const note = {
    type: 'text' as const,
    text: '[Attached a.bin (x/y, 1 B) — binary content not sent]',
  };

  it('puts attachments first and the words last; an edit keeps the attachments only', () => {
    const content = userContent('words', [doc, note]);
    expect(content).toEqual([doc, note, { type: 'text', text: 'words' }]);
    expect(keptAttachmentBlocks(content)).toEqual([doc, note]);
    expect(keptAttachmentBlocks(userContent('', [doc, note]))).toEqual([doc, note]);
    expect(userContent('  ', [])).toEqual([]);
  });
});
