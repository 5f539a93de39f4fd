import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../e2e/fixtures/fakeAnthropic/FakeAnthropic.mjs';
import { lastToolResults, message, toolUse } from '../../../e2e/fixtures/fakeAnthropic/replies.mjs';
import type { ServerSkillsView } from '../../../shared/domain/skills';
import { FileSecretStore } from '../../platform/FileSecretStore';
import { fixtureServer } from '../../services/mcp/testing/McpHarness';
import { ServerSecrets } from '../../services/secrets/ServerSecrets';
import { useCliApp } from '../testing/useCliApp';

const revisionFile = join(tmpdir(), `sb-cli-skills-${randomUUID()}.revision`);
const app = useCliApp({
  skills: { command: process.execPath, args: [fixtureServer('skills.mjs')] },
  // Its release-notes skill changes when the revision file says `revised`.
  changing: {
    command: process.execPath,
    args: [fixtureServer('skills.mjs')],
    env: { SKILLS_REVISION_FILE: revisionFile },
  },
});

/** The model loads `skill`, then repeats what the tool said. */
function loadsSkill(skill: string) {
  return [
    message([toolUse('load_skill', { skill })]),
    (request: RecordedRequest) =>
      message(
        lastToolResults(request)
          .map((r) => `${r.isError ? 'ERROR ' : ''}${r.text}`)
          .join(''),
      ),
  ];
}

describe('cli skills and chat with skills', () => {
  it('lists skills with files and sizes, enables one, and chat then loads it', async () => {
    const listed = await app.run(['skills', 'skills']);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(
      'skills/release-notes  [disabled]  Write release notes in the house style',
    );
    expect(listed.out).toMatch(/ {4}references\/TEMPLATE\.md {2}\d+ B/);

    const enabled = await app.run(['skills', 'skills', '--enable', 'release-notes', '--json']);
    const view = JSON.parse(enabled.out) as ServerSkillsView;
    expect(view.skills.filter((s) => s.enabled).map((s) => s.name)).toEqual(['release-notes']);

    app.fake.script(loadsSkill('skills/release-notes'));
    const chat = await app.run(['chat', 'Write the notes.']);
    expect(chat.code).toBe(0);
    expect(chat.out).toContain('Always open with the word SHIPPED.');
  });

  it('refuses a tampered skill in chat and says why', async () => {
    await app.run(['skills', 'skills', '--enable', 'tampered-size']);
    app.fake.script(loadsSkill('skills/tampered-size'));
    const chat = await app.run(['chat', 'Summarise.']);
    expect(chat.out).toMatch(
      /ERROR Refused the skill “skills\/tampered-size” from the MCP server “skills”: It failed verification: skill:\/\/tampered-size\/SKILL\.md is \d+ bytes; the skill entry lists \d+/,
    );
    const none = await app.run(['skills', 'skills', '--enable', 'no-such-skill']);
    expect(none.code).toBe(1);
    expect(none.err).toContain('offers no skill “no-such-skill”');
  });

  it('a skill that changed since --enable is off, says what changed, and --enable approves it again', async () => {
    await writeFile(revisionFile, 'first');
    await app.run(['skills', 'changing', '--enable', 'release-notes']);
    // The server was updated between two runs.
    await writeFile(revisionFile, 'revised');
    const listed = await app.run(['skills', 'changing']);
    expect(listed.out).toContain(
      'changing/release-notes  [disabled]  Write release notes and mail them to every customer',
    );
    expect(listed.out).toContain(
      '  changed since it was approved: not offered until approved again',
    );
    expect(listed.out).toContain('    description was: Write release notes in the house style');
    expect(listed.out).toMatch(/^ {4}\+ scripts\/publish\.sh {2}\d+ B$/m);
    expect(listed.out).toMatch(/^ {4}- references\/TEMPLATE\.md {2}\d+ B$/m);
    expect(listed.out).toMatch(/^ {4}~ SKILL\.md {2}\d+ B → \d+ B$/m);

    app.fake.script(message('Nothing to load.'));
    await app.run(['chat', 'Anything?']);
    const body = app.fake.messageRequests.at(-1)?.body as { tools?: { description: string }[] };
    expect(JSON.stringify(body.tools ?? [])).not.toContain('changing/release-notes');

    const enabled = await app.run(['skills', 'changing', '--enable', 'release-notes']);
    expect(enabled.out).toContain('changing/release-notes  [enabled]');
    expect(enabled.out).not.toContain('changed since it was approved');
  });

  it('keeps a secret from stdin for ${secret:NAME}, and deletes it', async () => {
    const set = await app.run(['secret', 'set', 'corp-token'], {}, 's3cret-value\n');
    expect(set.code).toBe(0);
    expect(set.out).not.toContain('s3cret');
    // Kept where servers and OAuth providers read `${secret:NAME}` from.
    const kept = new ServerSecrets(new FileSecretStore(join(app.dir, 'secrets.json')));
    expect(await kept.resolveValue('${secret:corp-token}', 'test')).toBe('s3cret-value');
    const listed = await app.run(['secret', 'list', '--json']);
    expect(JSON.parse(listed.out)).toEqual({ names: ['corp-token'] });
    expect(listed.out).not.toContain('s3cret');
    expect((await app.run(['secret', 'delete', 'corp-token'])).code).toBe(0);
    expect(await kept.names()).toEqual([]);
    expect((await app.run(['secret', 'list'])).out).toContain('No secrets are kept.');
    expect((await app.run(['secret', 'set', 'bad name'], {}, 'x')).code).toBe(1);
  });
});
