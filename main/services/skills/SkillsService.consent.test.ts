import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  type FakeAnthropic,
  type RecordedRequest,
} from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import {
  lastToolResults,
  message,
  text,
  toolUse,
} from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { SkillView } from '../../../shared/domain/skills';
import { fixtureServer } from '../mcp/testing/McpHarness';
import { eventually } from '../resources/testing/startResourceHost';
import { startTestHost, type TestHost } from '../testing/startTestHost';

// Consent to a skill binds to its listing (SEP-2640): a real host core, the skills fixture in
// both eras as real processes, and the fake Messages API as the model. The fixture changes its
// release-notes skill (description, body, file list) when its revision file says so.

const NOTES = 'skill://release-notes/SKILL.md';
let fake: FakeAnthropic;
let host: TestHost;
let dir: string;
const revisionFile = (server: string) => join(dir, `${server}.revision`);
const revise = (server: string, to: string) => writeFile(revisionFile(server), to);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-skill-consent-'));
  const server = (name: string, protocol: 'modern' | 'legacy') => ({
    command: process.execPath,
    args: [fixtureServer('skills.mjs')],
    protocol,
    env: { SKILLS_REVISION_FILE: revisionFile(name) },
  });
  for (const name of ['skills', 'old', 'quiet']) await revise(name, 'first');
  fake = await startFakeAnthropic();
  host = await startTestHost(fake, {
    skills: server('skills', 'modern'),
    old: server('old', 'legacy'),
    quiet: server('quiet', 'modern'),
  });
}, 60_000);
afterAll(async () => {
  await host.core.dispose();
  await fake.close();
});

const notes = (server: string): SkillView => {
  const skill = host.core.skills.view(server).skills.find((s) => s.uri === NOTES);
  if (!skill) throw new Error(`${server} lists no release-notes`);
  return skill;
};

const reads = (server: string) =>
  host.core.mcp
    .supervisor(server)
    .logsSince()
    .filter((entry) => entry.source === 'stderr' && entry.text.startsWith('read: '))
    .map((entry) => entry.text.slice('read: '.length));

const hostNotes = (server: string) =>
  host.core.mcp
    .supervisor(server)
    .logsSince()
    .filter((entry) => entry.source === 'host')
    .map((entry) => entry.text);

interface Sent {
  tools?: { name: string; description: string }[];
}

/** One chat turn where the model makes `calls`, one per step; what each step got back. */
async function turn(calls: Record<string, unknown>[]): Promise<string[]> {
  const results: string[] = [];
  const collect = (request: RecordedRequest) =>
    results.push(...lastToolResults(request).map((r) => `${r.isError ? 'ERROR ' : ''}${r.text}`));
  const replies = calls.map((input, index) => (request: RecordedRequest) => {
    if (index > 0) collect(request);
    return message([text(`Step ${index + 1}.`), toolUse('load_skill', input)]);
  });
  fake.script(...replies, (request: RecordedRequest) => {
    if (calls.length > 0) collect(request);
    return message('Done.');
  });
  const { id } = host.core.conversations.create();
  await host.core.handlers['conversation.send']({ conversationId: id, text: 'Use skills.' });
  await host.core.conversations.settled(id);
  return results;
}

/** The load_skill tool's description in the model's last request ('' when not offered). */
function offeredSkills(): string {
  const body = fake.messageRequests.at(-1)?.body as Sent;
  return (body.tools ?? []).find((t) => t.name === 'load_skill')?.description ?? '';
}

describe('approving a skill binds to its listing', () => {
  it.each(['skills', 'old'])(
    '%s: a skill changed after approval is off, asks with the diff, and reaches the model in no way',
    async (server) => {
      await eventually(() => expect(host.core.skills.view(server).state).toBe('ready'));
      const approvedDigest = notes(server).digest;
      await host.core.handlers['skills.setEnabled']({
        server,
        uri: NOTES,
        enabled: true,
        digest: approvedDigest,
      });
      expect(notes(server).enabled).toBe(true);
      await turn([]);
      expect(offeredSkills()).toContain(
        `${server}/release-notes (from the MCP server “${server}”): Write release notes in the house style`,
      );

      // The server changes the skill while running, and says so (resources/list_changed).
      const readsBefore = reads(server).length;
      const requestsBefore = fake.messageRequests.length;
      await revise(server, 'revised');
      // Listed again with the change...
      await eventually(
        () => expect(notes(server).description).toContain('mail them to every customer'),
        20_000,
      );
      // ...and with that, off: the approval was for the listing before.
      const skill = notes(server);
      expect(skill.enabled).toBe(false);
      expect(skill.reapproval).toMatchObject({
        reason: 'changed',
        description: {
          before: 'Write release notes in the house style',
          after: 'Write release notes and mail them to every customer',
        },
        fields: [],
        added: [
          { path: 'references/TEMPLATE-v2.md', size: expect.any(Number) as number },
          { path: 'scripts/publish.sh', size: expect.any(Number) as number },
        ],
        removed: [{ path: 'references/TEMPLATE.md' }],
        changed: [{ path: 'SKILL.md', sizeBefore: expect.any(Number) as number }],
      });
      expect(skill.reapproval?.name).toBeUndefined();
      expect(skill.digest).not.toBe(approvedDigest);
      expect(
        hostNotes(server).some((line) =>
          line.startsWith(`The skill “${server}/release-notes” changed since it was approved`),
        ),
      ).toBe(true);
      // Revoked for good: written so, and so still after a restart.
      await eventually(async () => {
        const saved = JSON.parse(await readFile(join(host.dataDir, 'skills.json'), 'utf8')) as {
          approvals: { server: string; state: string }[];
        };
        expect(saved.approvals.find((a) => a.server === server)?.state).toBe('revoked');
      });

      // Nothing of the changed skill reaches the model: not offered, not fetched.
      const results = await turn([{ skill: `${server}/release-notes` }]);
      expect(offeredSkills()).not.toContain(`${server}/release-notes`);
      expect(results.join('\n')).not.toContain('LAUNCHED');
      const sent = JSON.stringify(fake.messageRequests.slice(requestsBefore).map((r) => r.body));
      expect(sent).not.toContain(`${server}/release-notes (from the MCP server “${server}”)`);
      expect(sent).not.toContain('LAUNCHED');
      expect(reads(server).slice(readsBefore)).toEqual([]);

      // Approving from the view shown before the change is refused; from the new view it holds.
      await expect(
        host.core.handlers['skills.setEnabled']({
          server,
          uri: NOTES,
          enabled: true,
          digest: approvedDigest,
        }),
      ).rejects.toThrow('changed while it was shown');
      expect(notes(server).enabled).toBe(false);
      await host.core.handlers['skills.setEnabled']({
        server,
        uri: NOTES,
        enabled: true,
        digest: skill.digest,
      });
      expect(notes(server)).toMatchObject({ enabled: true });
      expect(notes(server).reapproval).toBeUndefined();
      const loaded = await turn([{ skill: `${server}/release-notes` }]);
      expect(offeredSkills()).toContain('mail them to every customer');
      expect(loaded[0]).toContain('Always open with the word LAUNCHED.');
    },
    60_000,
  );

  it('a change the server does not announce: the load is refused, and the listing asks again', async () => {
    const server = 'quiet';
    await eventually(() => expect(host.core.skills.view(server).state).toBe('ready'));
    await host.core.handlers['skills.setEnabled']({
      server,
      uri: NOTES,
      enabled: true,
      digest: notes(server).digest,
    });
    await turn([]);
    expect(offeredSkills()).toContain('quiet/release-notes');

    await revise(server, 'revised-quietly');
    await eventually(
      () =>
        expect(
          host.core.mcp
            .supervisor(server)
            .logsSince()
            .some((e) => e.text === 'skills revised'),
        ).toBe(true),
      20_000,
    );
    // The host still has the approved listing; the model loads it and gets nothing of the new.
    const [result] = await turn([{ skill: 'quiet/release-notes' }]);
    expect(result).toMatch(/^ERROR Refused the skill “quiet\/release-notes”/);
    expect(result).not.toContain('LAUNCHED');
    // The refusal had the server listed again: the change shows, and the approval is gone.
    await eventually(() => expect(notes(server).reapproval?.reason).toBe('changed'), 20_000);
    expect(notes(server).enabled).toBe(false);
    expect(notes(server).reapproval?.description?.after).toBe(
      'Write release notes and mail them to every customer',
    );
    await turn([]);
    expect(offeredSkills()).not.toContain('quiet/release-notes');
  }, 60_000);

  it('a tool made before the change reads nothing of the changed skill', async () => {
    const server = 'skills';
    await revise(server, 'first');
    await eventually(() => expect(notes(server).description).toContain('house style'), 20_000);
    await host.core.handlers['skills.setEnabled']({
      server,
      uri: NOTES,
      enabled: true,
      digest: notes(server).digest,
    });
    const [tool] = host.core.skills.hostTools();
    if (!tool) throw new Error('no skill tool');
    const readsBefore = reads(server).length;
    await revise(server, 'revised');
    await eventually(() => expect(notes(server).description).toContain('mail them'), 20_000);
    const outcome = await tool.run({
      conversationId: 'c1',
      toolUseId: 'u1',
      input: { skill: `${server}/release-notes` },
      signal: new AbortController().signal,
    });
    expect(outcome.isError).toBe(true);
    expect(JSON.stringify(outcome.content)).toContain('changed since the person approved it');
    expect(reads(server).slice(readsBefore)).toEqual([]);
  }, 60_000);
});
