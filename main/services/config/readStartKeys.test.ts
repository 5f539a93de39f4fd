import { describe, expect, it } from 'vitest';
import { parseServersText } from './parseServersText';
import { envLookup } from '../base/substituteEnv';

const parse = (entry: Record<string, unknown>) =>
  parseServersText(
    JSON.stringify({ mcpServers: { fs: { command: 'npx', ...entry } } }, null, 2),
    envLookup({}),
  );

describe('start and idleMinutes in a server entry', () => {
  it('reads them, and leaves them absent when not written (defaults depend on what is remembered)', () => {
    expect(parse({ start: 'launch', idleMinutes: 0 }).servers[0]).toMatchObject({
      start: 'launch',
      idleMinutes: 0,
    });
    expect(parse({ start: 'firstUse', idleMinutes: 90 }).servers[0]).toMatchObject({
      start: 'firstUse',
      idleMinutes: 90,
    });
    const plain = parse({}).servers[0];
    expect(plain && 'start' in plain).toBe(false);
    expect(plain && 'idleMinutes' in plain).toBe(false);
    expect(parse({ start: 'launch' }).warnings).toEqual([]);
  });

  it('refuses what they cannot be, at their place in the file', () => {
    const bad = parse({ start: 'later', idleMinutes: -1 });
    expect(bad.servers).toEqual([]);
    expect(bad.errors.map((e) => [e.path, e.line])).toEqual([
      ['mcpServers.fs.start', 5],
      ['mcpServers.fs.idleMinutes', 6],
    ]);
    expect(bad.errors[1]?.message).toBe(
      'mcpServers.fs.idleMinutes must be a whole number of minutes between 0 (never) and 10080, but it is -1',
    );
    for (const idleMinutes of [1.5, '15', true, 10_081]) {
      expect(parse({ idleMinutes }).errors[0]?.path).toBe('mcpServers.fs.idleMinutes');
    }
  });
});
