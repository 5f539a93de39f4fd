import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { plainText } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import type { AttachmentInput } from '../../../shared/domain/attachments';
import { promptToDraft } from '../../../shared/domain/promptToDraft';
import { AppErrorCode } from '../../../shared/errors';
import {
  everything,
  resourcesFixture,
  startResourceHost,
  type ResourceHost,
} from './testing/startResourceHost';

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let fake: FakeAnthropic;
let files: string;
let host: ResourceHost | undefined;

const servers = () => ({
  everything,
  fx: resourcesFixture('modern', { RESOURCES_DIR: files }),
  big: resourcesFixture('legacy', { RESOURCES_BIG_BYTES: String(21 * 1024 * 1024) }),
});

beforeAll(async () => {
  fake = await startFakeAnthropic();
  files = await mkdtemp(join(tmpdir(), 'sb-attach-files-'));
  await writeFile(join(files, 'plan.md'), '# Plan\n\nShip it.');
});
afterEach(async () => {
  await host?.core.dispose();
  host = undefined;
});
afterAll(() => fake.close());

/** Content blocks of the last user message the fake Messages API received. */
function lastUserBlocks(): { type: string; [key: string]: unknown }[] {
  const body = fake.messageRequests.at(-1)?.body as {
    messages: { role: string; content: { type: string; [key: string]: unknown }[] }[];
  };
  const user = body.messages.filter((m) => m.role === 'user').at(-1);
  return user?.content ?? [];
}

async function sendAndSettle(
  h: ResourceHost,
  conversationId: string,
  text: string,
  attachments: AttachmentInput[],
) {
  fake.script(plainText('Noted.'));
  await h.core.handlers['conversation.send']({ conversationId, text, attachments });
  await h.core.conversations.settled(conversationId);
}

describe('attachments on conversation.send', () => {
  it('reads resources at send time and sends text as documents, images, PDFs and notes', async () => {
    host = await startResourceHost(fake, servers());
    const h = host;
    const { id } = h.core.conversations.create();
    const planUri = pathToFileURL(join(files, 'plan.md')).href;
    await sendAndSettle(h, id, 'What do these say?', [
      { kind: 'resource', server: 'fx', uri: 'fixture://notes.txt' },
      { kind: 'resource', server: 'fx', uri: 'fixture://logo.png' },
      { kind: 'resource', server: 'fx', uri: 'fixture://report.pdf' },
      { kind: 'resource', server: 'fx', uri: 'fixture://data.bin' },
      { kind: 'resource', server: 'everything', uri: 'demo://resource/dynamic/text/3' },
      { kind: 'resource', server: 'fx', uri: planUri },
    ]);
    const blocks = lastUserBlocks();
    expect(blocks.map((b) => b.type)).toEqual([
      'document',
      'image',
      'document',
      'text',
      'document',
      'document',
      'text',
    ]);
    expect(blocks[0]).toMatchObject({
      source: {
        type: 'text',
        media_type: 'text/plain',
        data: 'Meeting notes: ship the resources feature on Friday.',
      },
      title: 'notes.txt',
    });
    expect(String(blocks[0]?.context)).toContain('fixture://notes.txt');
    expect(blocks[1]).toMatchObject({
      source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 },
    });
    expect(blocks[2]).toMatchObject({
      source: { type: 'base64', media_type: 'application/pdf' },
      title: 'report.pdf',
    });
    expect(blocks[3]).toEqual({
      type: 'text',
      text: '[Attached data.bin (application/octet-stream, 1.0 KB) — binary content not sent]',
    });
    expect(JSON.stringify(blocks[4])).toContain('Resource 3: This is a plaintext resource');
    expect(blocks[5]).toMatchObject({ source: { data: '# Plan\n\nShip it.' }, title: 'plan.md' });
    expect(blocks[6]).toEqual({ type: 'text', text: 'What do these say?' });

    const user = h.core.conversations.get(id).messages[0];
    expect(user?.attachments?.map((a) => [a.server, a.name, a.as, a.size])).toEqual([
      ['fx', 'notes.txt', 'document', 52],
      ['fx', 'logo.png', 'image', 70],
      ['fx', 'report.pdf', 'document', 125],
      ['fx', 'data.bin', 'note', 1024],
      ['everything', '3', 'document', expect.any(Number)],
      ['fx', 'plan.md', 'document', 16],
    ]);
    expect(user?.attachments?.[0]).toMatchObject({
      origin: 'resource',
      uri: 'fixture://notes.txt',
      mimeType: 'text/plain',
    });
  });

  it('keeps attachments across a restart, sends them again with the history, and on edit', async () => {
    host = await startResourceHost(fake, servers());
    const { id } = host.core.conversations.create();
    await sendAndSettle(host, id, '', [
      { kind: 'resource', server: 'fx', uri: 'fixture://notes.txt' },
    ]);
    const first = lastUserBlocks();
    expect(first.map((b) => b.type)).toEqual(['document']);
    const dataDir = host.dataDir;
    await host.core.dispose();

    host = await startResourceHost(fake, servers(), dataDir);
    const reopened = host.core.conversations.get(id);
    expect(reopened.conversation.title).toBe('notes.txt');
    expect(reopened.messages[0]?.attachments).toEqual([
      {
        server: 'fx',
        origin: 'resource',
        uri: 'fixture://notes.txt',
        name: 'notes.txt',
        mimeType: 'text/plain',
        size: 52,
        as: 'document',
      },
    ]);
    await sendAndSettle(host, id, 'And now?', []);
    const body = fake.messageRequests.at(-1)?.body as { messages: { content: unknown }[] };
    expect(body.messages[0]?.content).toEqual(first);

    fake.script(plainText('Edited.'));
    const messageId = reopened.messages[0]?.id ?? '';
    await host.core.handlers['conversation.edit']({ conversationId: id, messageId, text: 'Short' });
    await host.core.conversations.settled(id);
    expect(lastUserBlocks()).toEqual([...first, { type: 'text', text: 'Short' }]);
    const edited = host.core.conversations.get(id).messages[0];
    expect(edited?.attachments?.map((a) => a.name)).toEqual(['notes.txt']);

    // Editing again replaces the words, not the attachment.
    fake.script(plainText('Edited again.'));
    await host.core.handlers['conversation.edit']({
      conversationId: id,
      messageId: edited?.id ?? '',
      text: 'Shorter',
    });
    await host.core.conversations.settled(id);
    expect(lastUserBlocks()).toEqual([...first, { type: 'text', text: 'Shorter' }]);
  });

  it('refuses attachments above the size limit with a clear error and stores nothing', async () => {
    host = await startResourceHost(fake, servers());
    const { id } = host.core.conversations.create();
    const requests = fake.messageRequests.length;
    const tooBig = host.core.handlers['conversation.send']({
      conversationId: id,
      text: 'too big',
      attachments: [{ kind: 'resource', server: 'big', uri: 'fixture://big.bin' }],
    });
    await expect(tooBig).rejects.toMatchObject({ code: AppErrorCode.Validation });
    await expect(tooBig).rejects.toThrow(/add up to 21 MB; at most 20 MB/);
    expect(host.core.conversations.get(id).messages).toEqual([]);
    expect(fake.messageRequests.length).toBe(requests);
    // A resource that cannot be read fails the send with the server's reason.
    await expect(
      host.core.handlers['conversation.send']({
        conversationId: id,
        text: 'missing',
        attachments: [{ kind: 'resource', server: 'fx', uri: 'fixture://nope' }],
      }),
    ).rejects.toThrow('Could not read fixture://nope');
    expect(host.core.conversations.get(id).messages).toEqual([]);
  });

  it('a prompt’s messages become the person’s turn: text, image, embedded resource, link', async () => {
    host = await startResourceHost(fake, servers());
    const prompt = await host.core.handlers['mcp.getPrompt']({
      server: 'fx',
      name: 'review',
      arguments: { focus: 'naming' },
    });
    const draft = promptToDraft('fx', prompt.messages);
    expect(draft.text).toBe('Please review with a focus on naming.');
    expect(draft.attachments).toEqual([
      {
        kind: 'inline',
        server: 'fx',
        origin: 'prompt',
        name: 'image 1',
        mimeType: 'image/png',
        blob: PNG_1X1,
      },
      {
        kind: 'inline',
        server: 'fx',
        origin: 'prompt',
        name: 'notes.txt',
        mimeType: 'text/plain',
        uri: 'fixture://notes.txt',
        text: 'Embedded notes',
      },
      { kind: 'resource', server: 'fx', uri: 'fixture://report.pdf' },
    ]);
    const { id } = host.core.conversations.create();
    await sendAndSettle(host, id, draft.text, draft.attachments);
    expect(lastUserBlocks().map((b) => b.type)).toEqual(['image', 'document', 'document', 'text']);
    expect(lastUserBlocks()[1]).toMatchObject({ source: { data: 'Embedded notes' } });
    const views = host.core.conversations.get(id).messages[0]?.attachments;
    expect(views?.map((v) => [v.origin, v.name, v.as])).toEqual([
      ['prompt', 'image 1', 'image'],
      ['prompt', 'notes.txt', 'document'],
      ['resource', 'report.pdf', 'document'],
    ]);

    // server-everything's resource prompt embeds a generated resource.
    const embedded = await host.core.handlers['mcp.getPrompt']({
      server: 'everything',
      name: 'resource-prompt',
      arguments: { resourceType: 'Text', resourceId: '5' },
    });
    const fromEverything = promptToDraft('everything', embedded.messages);
    expect(fromEverything.attachments).toContainEqual(
      expect.objectContaining({ kind: 'inline', uri: 'demo://resource/dynamic/text/5' }),
    );
  });
});
