import { describe, expect, it } from 'vitest';
import {
  attachmentInputsSchema,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from '../../shared/domain/attachments';
import {
  addDrafts,
  attachmentKind,
  draftInputs,
  inlineDraft,
  removeDraft,
  resourceDraft,
  resourceKey,
} from './draftAttachments';

const readme = resourceDraft(
  'everything',
  {
    uri: 'demo://resource/static/document/README.md',
    name: 'README.md',
    mimeType: 'text/markdown',
  },
  1,
);

describe('composer attachments', () => {
  it('makes a resource draft that main reads at send time', () => {
    expect(readme).toMatchObject({
      id: resourceKey('everything', 'demo://resource/static/document/README.md'),
      input: {
        kind: 'resource',
        server: 'everything',
        uri: 'demo://resource/static/document/README.md',
      },
      name: 'README.md',
      mimeType: 'text/markdown',
    });
    expect(resourceDraft('s', { uri: 'x://a', name: 'a', title: 'Alpha' }, 1).name).toBe('Alpha');
  });

  it('refuses the same resource twice and keeps the list as it was', () => {
    const first = addDrafts([], [readme]);
    expect(first.ok).toBe(true);
    const again = addDrafts(first.list, [{ ...readme, addedAt: 2 }]);
    expect(again).toMatchObject({ ok: false, reason: 'duplicate' });
    expect(again.list).toEqual([readme]);
  });

  it('gives every inline attachment its own id and size', () => {
    const a = inlineDraft(
      {
        kind: 'inline',
        server: 's',
        origin: 'prompt',
        name: 'img',
        blob: 'AAAA',
        mimeType: 'image/png',
      },
      1,
    );
    const b = inlineDraft(
      { kind: 'inline', server: 's', origin: 'prompt', name: 'img', text: 'hello' },
      1,
    );
    expect(a.id).not.toBe(b.id);
    expect(a.size).toBe(3);
    expect(b.size).toBe(5);
    expect(addDrafts([], [a, b]).list).toHaveLength(2);
  });

  it(`stops at ${String(MAX_ATTACHMENTS)} attachments, keeping those before`, () => {
    const many = Array.from({ length: MAX_ATTACHMENTS + 2 }, (_, i) =>
      resourceDraft('s', { uri: `x://${String(i)}`, name: String(i) }, 1),
    );
    const outcome = addDrafts([], many);
    expect(outcome).toMatchObject({ ok: false, reason: 'tooMany' });
    expect(outcome.list).toHaveLength(MAX_ATTACHMENTS);
    // Whatever the composer holds, main's schema accepts it.
    expect(attachmentInputsSchema.safeParse(draftInputs(outcome.list)).success).toBe(true);
  });

  it('refuses inline content beyond the total main accepts', () => {
    const half = 'x'.repeat(MAX_ATTACHMENT_BYTES / 2 + 1);
    const big = (): ReturnType<typeof inlineDraft> =>
      inlineDraft({ kind: 'inline', server: 's', origin: 'prompt', name: 'big', text: half }, 1);
    const outcome = addDrafts([], [big(), big()]);
    expect(outcome).toMatchObject({ ok: false, reason: 'tooLarge' });
    expect(outcome.list).toHaveLength(1);
    expect(attachmentInputsSchema.safeParse(draftInputs(outcome.list)).success).toBe(true);
  });

  it('removes one attachment by id', () => {
    const other = resourceDraft('s', { uri: 'x://b', name: 'b' }, 1);
    expect(removeDraft([readme, other], readme.id)).toEqual([other]);
  });

  it('turns drafts into the inputs conversation.send takes', () => {
    const inline = inlineDraft(
      { kind: 'inline', server: 's', origin: 'prompt', name: 'n', text: 't' },
      1,
    );
    expect(draftInputs([readme, inline])).toEqual([readme.input, inline.input]);
  });

  it('picks an icon kind from the MIME type', () => {
    expect(
      [
        'text/markdown',
        'application/json',
        'image/png',
        'application/pdf',
        'application/zip',
        undefined,
      ].map(attachmentKind),
    ).toEqual(['text', 'text', 'image', 'pdf', 'binary', 'text']);
  });
});
