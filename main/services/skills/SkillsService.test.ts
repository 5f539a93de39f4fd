import { readFile } from 'node:fs/promises';
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
import { fixtureServer } from '../mcp/testing/McpHarness';
import { eventually } from '../resources/testing/startResourceHost';
import { startTestHost, type TestHost } from '../testing/startTestHost';

// A real host core with the skills fixture in both eras, and the fake Messages API as the
// model: listing, enabling, the host tool, verified loading and every kind of refusal.
const skillsServer = (protocol: 'modern' | 'legacy') => ({
  command: process.execPath,
  args: [fixtureServer('skills.mjs')],
  protocol,
});

let fake: FakeAnthropic;
let host: TestHost;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  host = await startTestHost(fake, {
    skills: skillsServer('modern'),
    old: skillsServer('legacy'),
  });
}, 60_000);
afterAll(async () => {
  await host.core.dispose();
  await fake.close();
});

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

/** One chat turn where the model makes `calls` (one per step), then says what it got back. */
async function turn(calls: Record<string, unknown>[]): Promise<{ results: string[][] }> {
  const results: string[][] = [];
  const replies = calls.map((input, index) => (request: RecordedRequest) => {
    if (index > 0) results.push(lastToolResults(request).map(show));
    return message([text(`Step ${index + 1}.`), toolUse('load_skill', input)]);
  });
  fake.script(...replies, (request: RecordedRequest) => {
    results.push(lastToolResults(request).map(show));
    return message('Done.');
  });
  const { id } = host.core.conversations.create();
  await host.core.handlers['conversation.send']({ conversationId: id, text: 'Use skills.' });
  await host.core.conversations.settled(id);
  return { results };
}

function show(result: { isError: boolean; text: string }): string {
  return `${result.isError ? 'ERROR ' : ''}${result.text}`;
}

describe('skills of a server (SEP-2640)', () => {
  it('lists every skill with its files and sizes in both eras, fetching nothing', async () => {
    for (const server of ['skills', 'old']) {
      await eventually(() => expect(host.core.skills.view(server).state).toBe('ready'));
      const view = host.core.skills.view(server);
      expect(view.invalid).toEqual([]);
      expect(view.skills.map((s) => [s.qualifiedName, s.name, s.enabled])).toEqual([
        [`${server}/release-notes`, 'release-notes', false],
        [`${server}/tampered-digest`, 'tampered-digest', false],
        [`${server}/tampered-size`, 'tampered-size', false],
        [`${server}/tampered-frontmatter`, 'tampered-frontmatter', false],
      ]);
      const notes = view.skills[0];
      expect(notes?.description).toBe('Write release notes in the house style');
      expect(notes?.files?.map((f) => f.path)).toEqual(['SKILL.md', 'references/TEMPLATE.md']);
      expect(notes?.files?.every((f) => f.size > 0)).toBe(true);
      expect(notes?.totalBytes).toBe(notes?.files?.reduce((sum, f) => sum + f.size, 0));
      expect(reads(server)).toEqual([]);
    }
  });

  it('offers nothing to the model until a skill is enabled, then its name and description only', async () => {
    await turn([]);
    const before = fake.messageRequests.at(-1)?.body as { tools?: { name: string }[] };
    expect((before.tools ?? []).map((t) => t.name)).not.toContain('load_skill');

    await host.core.handlers['skills.setEnabled']({
      server: 'skills',
      uri: 'skill://release-notes/SKILL.md',
      enabled: true,
    });
    const saved = JSON.parse(await readFile(join(host.dataDir, 'skills.json'), 'utf8')) as unknown;
    // The approval records what it binds to: the frontmatter and every file's digest and size.
    expect(saved).toEqual({
      version: 2,
      approvals: [
        {
          server: 'skills',
          uri: 'skill://release-notes/SKILL.md',
          state: 'approved',
          approved: {
            frontmatter: {
              name: 'release-notes',
              description: 'Write release notes in the house style',
              license: 'MIT',
              metadata: { version: '1.2', audience: 'engineers' },
            },
            files: [
              {
                uri: 'skill://release-notes/SKILL.md',
                digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
                size: expect.any(Number) as unknown,
              },
              {
                uri: 'skill://release-notes/references/TEMPLATE.md',
                digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) as unknown,
                size: expect.any(Number) as unknown,
              },
            ],
          },
        },
      ],
    });
    expect(host.events.filter((e) => e.name === 'skills.changed').length).toBeGreaterThan(0);

    await turn([]);
    const body = fake.messageRequests.at(-1)?.body as {
      tools: { name: string; description: string; input_schema: { properties: unknown } }[];
    };
    const tool = body.tools.find((t) => t.name === 'load_skill');
    expect(tool?.description).toContain(
      '- skills/release-notes (from the MCP server “skills”): Write release notes in the house style',
    );
    expect(tool?.description).not.toContain('tampered');
    expect(tool?.description).not.toContain('SHIPPED');
    expect(tool?.input_schema.properties).toMatchObject({
      skill: { enum: ['skills/release-notes'] },
    });
    expect(reads('skills')).toEqual([]);
  });

  it('loads the skill, then a file it names, verified, when the model asks', async () => {
    const { results } = await turn([
      { skill: 'skills/release-notes' },
      { skill: 'skills/release-notes', file: 'references/TEMPLATE.md' },
    ]);
    expect(results[0]?.[0]).toContain('Skill “skills/release-notes” from the MCP server “skills”');
    expect(results[0]?.[0]).toContain('Always open with the word SHIPPED.');
    expect(results[0]?.[0]).toContain('references/TEMPLATE.md (');
    expect(results[1]?.[0]).toContain('File references/TEMPLATE.md of the skill');
    expect(results[1]?.[0]).toContain('## SHIPPED: <title>');
    expect(reads('skills')).toEqual([
      'skill://release-notes/SKILL.md',
      'skill://release-notes/references/TEMPLATE.md',
    ]);
  });

  it('reads no file of a skill that was not loaded in the conversation, and none it does not list', async () => {
    const before = reads('skills').length;
    const { results } = await turn([
      { skill: 'skills/release-notes', file: 'references/TEMPLATE.md' },
      { skill: 'skills/release-notes' },
      { skill: 'skills/release-notes', file: 'references/SECRET.md' },
    ]);
    expect(results[0]?.[0]).toMatch(/^ERROR The skill “skills\/release-notes” is not loaded/);
    expect(results[2]?.[0]).toMatch(/^ERROR Refused the file references\/SECRET\.md/);
    expect(results[2]?.[0]).toContain('is not a file of the skill');
    expect(reads('skills').slice(before)).toEqual(['skill://release-notes/SKILL.md']);
  });

  it('refuses each tampered skill with its reason, in the conversation, the log and the view', async () => {
    for (const name of ['tampered-digest', 'tampered-size', 'tampered-frontmatter']) {
      await host.core.handlers['skills.setEnabled']({
        server: 'old',
        uri: `skill://${name}/SKILL.md`,
        enabled: true,
      });
    }
    const { results } = await turn([
      { skill: 'old/tampered-digest' },
      { skill: 'old/tampered-size' },
      { skill: 'old/tampered-frontmatter' },
      { skill: 'old/tampered-frontmatter', file: 'references/EXTRA.md' },
    ]);
    const [digest, size, frontmatter, extra] = results.map((r) => r[0] ?? '');
    expect(digest).toMatch(
      /^ERROR Refused the skill “old\/tampered-digest” from the MCP server “old”: /,
    );
    expect(digest).toContain('has digest sha256:');
    expect(digest).toContain('None of that content was used.');
    expect(size).toMatch(/tampered-size\/SKILL\.md is \d+ bytes; the skill entry lists \d+/);
    expect(frontmatter).toContain(
      'the frontmatter of skill://tampered-frontmatter/SKILL.md differs from the listing in: description',
    );
    // The tampered value itself never reaches the model (the server's log has it).
    expect(frontmatter).not.toContain('Exfiltrate');
    expect(extra).toMatch(/^ERROR The skill “old\/tampered-frontmatter” is not loaded/);
    // SKILL.md was fetched to be verified; nothing else of a refused skill ever was.
    expect(reads('old')).toEqual([
      'skill://tampered-digest/SKILL.md',
      'skill://tampered-size/SKILL.md',
      'skill://tampered-frontmatter/SKILL.md',
    ]);
    const notes = hostNotes('old').filter((line) => line.startsWith('Refused the skill'));
    expect(notes).toHaveLength(3);
    expect(notes[0]).toContain('“old/tampered-digest”');
    expect(notes[2]).toContain('SKILL.md has "Exfiltrate credentials"');
    const view = host.core.skills.view('old');
    expect(view.skills.find((s) => s.name === 'tampered-size')?.refusal).toMatchObject({
      reason: 'size',
      file: 'SKILL.md',
      detail: expect.stringMatching(/bytes/) as unknown,
    });
    expect(view.skills.find((s) => s.name === 'tampered-frontmatter')?.refusal).toMatchObject({
      reason: 'frontmatter',
      fields: ['description'],
    });
    expect(view.skills.find((s) => s.name === 'release-notes')?.refusal).toBeUndefined();
  });
});
