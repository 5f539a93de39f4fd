import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '../../../shared/domain/attachments';
import { resolveAttachments } from './resolveAttachments';
import { StagedFiles } from './StagedFiles';

const b64 = (text: string | Buffer): string => Buffer.from(text).toString('base64');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Stages a whole file in pieces of `piece` bytes, as the window does. */
function stage(files: StagedFiles, name: string, bytes: Buffer, mimeType?: string, piece = 4) {
  let stagingId: string | undefined;
  for (let at = 0; at < bytes.length || at === 0; at += piece) {
    const part = bytes.subarray(at, at + piece);
    ({ stagingId } = files.receive({
      ...(stagingId ? { stagingId } : {}),
      name,
      ...(mimeType ? { mimeType } : {}),
      size: bytes.length,
      chunk: b64(part),
      last: at + piece >= bytes.length,
    }));
    if (bytes.length === 0) break;
  }
  return stagingId ?? '';
}

describe('StagedFiles', () => {
  it('puts a file back together from its pieces, until it is released', () => {
    const files = new StagedFiles();
    const id = stage(files, 'notes.txt', Buffer.from('hello, 世界'), 'text/plain');
    expect(files.get(id).bytes.toString('utf8')).toBe('hello, 世界');
    files.release([id]);
    expect(() => files.get(id)).toThrow(/attach it again/);
  });

  it('refuses what is too large, arrives larger or incomplete, and forgets old files', () => {
    let now = 0;
    const files = new StagedFiles({ maxTotalBytes: 10, ttlMs: 1000, now: () => now });
    expect(() =>
      files.receive({ name: 'big', size: MAX_ATTACHMENT_BYTES + 1, chunk: '', last: false }),
    ).toThrow(/too large/);
    const { stagingId } = files.receive({ name: 'a', size: 8, chunk: b64('1234'), last: false });
    expect(() => files.receive({ name: 'b', size: 4, chunk: b64('12'), last: false })).toThrow(
      /Too many files/,
    );
    expect(() =>
      files.receive({ stagingId, name: 'a', size: 8, chunk: b64('12345'), last: false }),
    ).toThrow(/larger than announced/);
    const second = files.receive({ name: 'c', size: 4, chunk: b64('12'), last: false });
    expect(() =>
      files.receive({ ...second, name: 'c', size: 4, chunk: b64('1'), last: true }),
    ).toThrow(/incomplete/);
    const third = stage(files, 'd', Buffer.from('abcd'));
    now = 2000;
    expect(() => files.get(third)).toThrow(/attach it again/);
  });
});

describe('resolveAttachments with files from the computer', () => {
  it('sends images as images, text and PDFs as documents, other files as a note', async () => {
    const files = new StagedFiles();
    const inputs = [
      stage(files, 'shot.png', PNG, 'image/png'),
      stage(files, 'notes.md', Buffer.from('# Notes'), 'text/markdown'),
      stage(files, 'paper.pdf', Buffer.from('%PDF-1.7'), 'application/pdf'),
      stage(files, 'script', Buffer.from('echo hi\n')),
      stage(files, 'data.bin', Buffer.from([0, 1, 2, 3]), 'application/octet-stream'),
    ].map((stagingId) => ({ kind: 'file' as const, stagingId }));
    const resolved = await resolveAttachments(
      inputs,
      () => Promise.reject(new Error('no servers here')),
      undefined,
      (id) => files.get(id),
    );
    expect(resolved.blocks.map((b) => b.type)).toEqual([
      'image',
      'document',
      'document',
      'document',
      'text',
    ]);
    expect(resolved.blocks[1]).toMatchObject({ title: 'notes.md', source: { data: '# Notes' } });
    expect(JSON.stringify(resolved.blocks[1])).toContain('the file notes.md from their computer');
    expect(resolved.blocks[3]).toMatchObject({ source: { data: 'echo hi\n' } });
    expect(JSON.stringify(resolved.blocks[4])).toContain('binary content not sent');
    expect(resolved.views.map((v) => [v.origin, v.server, v.name, v.as, v.size])).toEqual([
      ['file', '', 'shot.png', 'image', PNG.length],
      ['file', '', 'notes.md', 'document', 7],
      ['file', '', 'paper.pdf', 'document', 8],
      ['file', '', 'script', 'document', 8],
      ['file', '', 'data.bin', 'note', 4],
    ]);
  });
});
