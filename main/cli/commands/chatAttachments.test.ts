import { describe, expect, it } from 'vitest';
import { plainText } from '../../../e2e/fixtures/fakeAnthropic/scenarios.mjs';
import { fixtureServer } from '../../services/mcp/testing/McpHarness';
import { parseCliArgs } from '../parseCliArgs';
import { useCliApp } from '../testing/useCliApp';

const app = useCliApp({
  fx: { command: process.execPath, args: [fixtureServer('resources.mjs')] },
});

function chat(...argv: string[]) {
  return app.run(['chat', ...argv]);
}

function lastUserBlocks(): { type: string }[] {
  const body = app.fake.messageRequests.at(-1)?.body as {
    messages: { role: string; content: { type: string }[] }[];
  };
  return body.messages.at(-1)?.content ?? [];
}

describe('cli chat --attach and --prompt', () => {
  it('parses repeatable two-value flags', () => {
    const args = parseCliArgs([
      'chat',
      'hi',
      '--attach',
      'a',
      'x://1',
      '--model',
      'm',
      '--attach',
      'b',
      'x://2',
    ]);
    expect(args.positionals).toEqual(['hi']);
    expect(args.lists.get('attach')).toEqual([
      ['a', 'x://1'],
      ['b', 'x://2'],
    ]);
    expect(args.flags.get('model')).toBe('m');
    expect(() => parseCliArgs(['chat', '--attach', 'a'])).toThrow('--attach needs 2 values');
    expect(() => parseCliArgs(['chat', '--attach', 'a', '--json'])).toThrow(/needs 2 values/);
  });

  it('--attach sends the resources as blocks and records them with the message', async () => {
    app.fake.script(plainText('Seen.'));
    const { code, out } = await chat(
      'Look at these',
      '--attach',
      'fx',
      'fixture://notes.txt',
      '--attach',
      'fx',
      'fixture://logo.png',
      '--json',
    );
    expect(code).toBe(0);
    expect(lastUserBlocks().map((b) => b.type)).toEqual(['document', 'image', 'text']);
    const json = JSON.parse(out) as {
      messages: { role: string; content: { type: string }[]; attachments?: { name: string }[] }[];
    };
    expect(json.messages[0]?.content.map((b) => b.type)).toEqual(['document', 'image', 'text']);
    expect(json.messages[0]?.attachments?.map((a) => a.name)).toEqual(['notes.txt', 'logo.png']);
  }, 30_000);

  it('--prompt with --args makes the prompt’s messages the person’s message, before the text', async () => {
    app.fake.script(plainText('Reviewed.'));
    const { code } = await chat(
      'Thanks!',
      '--prompt',
      'fx',
      'review',
      '--args',
      '{"focus":"tests"}',
      '--approve',
      'none',
    );
    expect(code).toBe(0);
    const blocks = lastUserBlocks();
    expect(blocks.map((b) => b.type)).toEqual(['image', 'document', 'document', 'text']);
    expect(blocks.at(-1)).toEqual({
      type: 'text',
      text: 'Please review with a focus on tests.\n\nThanks!',
    });
  }, 30_000);

  it('a resource that cannot be read fails the command with the reason', async () => {
    const { code, err } = await chat('x', '--attach', 'fx', 'fixture://missing');
    expect(code).toBe(1);
    expect(err).toContain('Could not read fixture://missing');
  }, 30_000);
});
